#ifndef C_PHONE_NUMBERS_H
#define C_PHONE_NUMBERS_H

#ifdef __cplusplus
extern "C" {
#endif

/// Finds the valid phone numbers in UTF-8 `text` with libphonenumber's matcher (leniency VALID), reading national
/// numbers in `region` (an ISO 3166 code, or "ZZ" when unknown: then only international numbers are found).
/// Writes one line per number, "E164 REGION\n", NUL-terminated, into `out`; returns the count, or -1 when `out`
/// (of `capacity` bytes) is too small.
int pool_phone_find(const char *text, const char *region, char *out, int capacity);

#ifdef __cplusplus
}
#endif

#endif
