#include "gray_resample.h"
#include <stdlib.h>

// Where output pixel `index` samples a line of `size` source pixels scaled by `scale`: the two neighbours and the
// weight of the second (pixel centres aligned, clamped at the edges).
static inline float bilinear_tap(int index, float scale, int size, int *first, int *second) {
    float position = (index + 0.5f) * scale - 0.5f;
    if (position < 0) position = 0;
    int low = (int)position;
    if (low > size - 1) low = size - 1;
    *first = low;
    *second = low + 1 < size ? low + 1 : size - 1;
    return position - low;
}

// One source line interpolated at every output column (the horizontal half of the bilinear step).
static void interpolate_row(const uint8_t *line, const int *columns, const float *weights, const float *complements,
                            int out_width, float *row) {
    for (int x = 0; x < out_width; ++x) {
        const int x0 = columns[2 * x], x1 = columns[2 * x + 1];
        row[x] = line[x0] * complements[x] + line[x1] * weights[x];
    }
}

// The taps of every output column are worked out once per call, not once per output row (the same integers and
// floats: the pixels are identical to computing them at each pixel).
void gray_resample(const uint8_t *image, int stride, int left, int top, int width, int height, uint8_t *out,
                   int out_width, int out_height) {
    if (out_width <= 0 || out_height <= 0 || width <= 0 || height <= 0) return;
    const uint8_t *origin = image + (long)top * stride + left;
    int *columns = malloc(sizeof(int) * 2 * (size_t)out_width);
    if (!columns) return;
    if (out_width <= width && out_height <= height) {
        for (int x = 0; x < out_width; ++x) {
            const int x0 = (int)((long)x * width / out_width);
            int x1 = (int)((long)(x + 1) * width / out_width);
            if (x1 <= x0) x1 = x0 + 1;
            columns[2 * x] = x0;
            columns[2 * x + 1] = x1;
        }
        for (int y = 0; y < out_height; ++y) {
            const int y0 = (int)((long)y * height / out_height);
            int y1 = (int)((long)(y + 1) * height / out_height);
            if (y1 <= y0) y1 = y0 + 1;
            uint8_t *target = out + (long)y * out_width;
            for (int x = 0; x < out_width; ++x) {
                const int x0 = columns[2 * x], x1 = columns[2 * x + 1];
                int sum = 0;
                for (int row = y0; row < y1; ++row) {
                    const uint8_t *line = origin + (long)row * stride;
                    for (int column = x0; column < x1; ++column) sum += line[column];
                }
                target[x] = (uint8_t)(sum / ((y1 - y0) * (x1 - x0)));
            }
        }
        free(columns);
        return;
    }
    const float scale_x = (float)width / out_width, scale_y = (float)height / out_height;
    // The horizontal step of a source row is the same for every output row that reads it (a row grown by 3 is
    // read by about six output rows, as the top or the bottom line), so each row is interpolated once into one
    // of two float rows and kept while the next output rows need it: the same floats as computing both lines at
    // every output pixel, and the vertical step runs over contiguous floats.
    float *weights = malloc(sizeof(float) * 4 * (size_t)out_width);
    if (!weights) {
        free(columns);
        return;
    }
    float *complements = weights + out_width;
    float *lines[2] = {complements + out_width, complements + 2 * (size_t)out_width};
    int line_rows[2] = {-1, -1};
    for (int x = 0; x < out_width; ++x) {
        weights[x] = bilinear_tap(x, scale_x, width, &columns[2 * x], &columns[2 * x + 1]);
        complements[x] = 1 - weights[x];
    }
    for (int y = 0; y < out_height; ++y) {
        int y0, y1;
        const float fy = bilinear_tap(y, scale_y, height, &y0, &y1);
        const float gy = 1 - fy;
        const float *rows[2];
        const int wanted[2] = {y0, y1};
        for (int k = 0; k < 2; ++k) {
            int slot = line_rows[0] == wanted[k] ? 0 : line_rows[1] == wanted[k] ? 1 : -1;
            if (slot < 0) {
                // Not kept: overwrite a line the other wanted row does not read.
                if (k == 0) slot = line_rows[0] == y1 ? 1 : 0;
                else slot = rows[0] == lines[0] ? 1 : 0;
                interpolate_row(origin + (long)wanted[k] * stride, columns, weights, complements, out_width,
                                lines[slot]);
                line_rows[slot] = wanted[k];
            }
            rows[k] = lines[slot];
        }
        const float *upper = rows[0], *lower = rows[1];
        uint8_t *target = out + (long)y * out_width;
        for (int x = 0; x < out_width; ++x) {
            const float value = upper[x] * gy + lower[x] * fy + 0.5f;
            target[x] = (uint8_t)(value > 255 ? 255 : value);
        }
    }
    free(weights);
    free(columns);
}
