/*
 * Reads boxes of a page with libtesseract's own LSTM path, to tell which part of a line image moves a read
 * (box height and position, scale, sharpening) when our reader and Tesseract disagree on a word.
 *
 *   gcc -O1 scripts/tesseract-raw-line-probe.c -o /tmp/probe -ltesseract -llept
 *   ReadingBenchmarks lines PAGE --out DIR --long-side 1440     # DIR/page.pgm: the page as the stage reads it
 *   OMP_THREAD_LIMIT=1 /tmp/probe DIR/page.pgm                  # Tesseract's words (PSM 3), boxes, confidences
 *   OMP_THREAD_LIMIT=1 [MODE=L|S|U] /tmp/probe DIR/page.pgm X Y W H [X Y W H ...]
 *
 * With boxes, each box is cut from the page and read in PSM 13 (raw line: the whole image is the word box, as
 * Tesseract's LSTMRecognizeWord cuts one, scaled to the network's 36 rows by Leptonica's pixScale). MODE scales
 * the crop to 36 rows first, so Tesseract does not scale it again: L linear interpolation with no sharpening,
 * S Leptonica's pixScale (sharpened below 1.4x), U linear interpolation then the 5 x 5 unsharp mask (0.4).
 */
#include <leptonica/allheaders.h>
#include <stdio.h>
#include <stdlib.h>
#include <tesseract/capi.h>

/* Prints every word Tesseract finds on the page in automatic segmentation (the parity's Tesseract column). */
static void print_words(TessBaseAPI *api, PIX *page) {
  TessBaseAPISetPageSegMode(api, PSM_AUTO);
  TessBaseAPISetImage2(api, page);
  TessBaseAPISetSourceResolution(api, 96);
  if (TessBaseAPIRecognize(api, NULL) != 0) return;
  TessResultIterator *words = TessBaseAPIGetIterator(api);
  if (words == NULL) return;
  do {
    char *text = TessResultIteratorGetUTF8Text(words, RIL_WORD);
    int left, top, right, bottom;
    TessPageIteratorBoundingBox(TessResultIteratorGetPageIterator(words), RIL_WORD, &left, &top, &right, &bottom);
    printf("word %d,%d %dx%d %s (%.0f)\n", left, top, right - left, bottom - top, text ? text : "",
           TessResultIteratorConfidence(words, RIL_WORD));
    TessDeleteText(text);
  } while (TessResultIteratorNext(words, RIL_WORD));
  TessResultIteratorDelete(words);
}

/* The crop scaled to the network's 36 rows as `mode` says, or the crop itself (Tesseract scales it). */
static PIX *prescaled(PIX *crop, const char *mode) {
  float factor = 36.0f / (float)pixGetHeight(crop);
  if (mode == NULL) return pixClone(crop);
  if (mode[0] == 'L') return pixScaleGrayLI(crop, factor, factor);
  if (mode[0] == 'S') return pixScale(crop, factor, factor);
  if (mode[0] == 'U') {
    PIX *scaled = pixScaleGrayLI(crop, factor, factor);
    PIX *sharpened = pixUnsharpMasking(scaled, 2, 0.4f);
    pixDestroy(&scaled);
    return sharpened;
  }
  return pixClone(crop);
}

int main(int argc, char **argv) {
  if (argc < 2 || (argc - 2) % 4 != 0) {
    fprintf(stderr, "usage: %s PAGE.pgm [X Y W H ...]\n", argv[0]);
    return 64;
  }
  PIX *page = pixRead(argv[1]);
  TessBaseAPI *api = TessBaseAPICreate();
  if (page == NULL || TessBaseAPIInit3(api, NULL, "eng") != 0) return 1;
  TessBaseAPISetVariable(api, "debug_file", "/dev/null");
  if (argc == 2) print_words(api, page);
  for (int i = 2; i + 3 < argc; i += 4) {
    int x = atoi(argv[i]), y = atoi(argv[i + 1]), w = atoi(argv[i + 2]), h = atoi(argv[i + 3]);
    BOX *box = boxCreate(x, y, w, h);
    PIX *crop = pixClipRectangle(page, box, NULL);
    PIX *line = prescaled(crop, getenv("MODE"));
    TessBaseAPISetPageSegMode(api, PSM_RAW_LINE);
    TessBaseAPISetImage2(api, line);
    TessBaseAPISetSourceResolution(api, 96);
    char *text = TessBaseAPIGetUTF8Text(api);
    printf("raw %d,%d %dx%d (%dx%d to the engine): %s", x, y, w, h, pixGetWidth(line), pixGetHeight(line),
           text ? text : "\n");
    TessDeleteText(text);
    pixDestroy(&line);
    pixDestroy(&crop);
    boxDestroy(&box);
  }
  TessBaseAPIEnd(api);
  TessBaseAPIDelete(api);
  pixDestroy(&page);
  return 0;
}
