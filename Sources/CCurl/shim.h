// libcurl for Swift: curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call, so each type
// of argument gets a static inline wrapper.
#include <curl/curl.h>

static inline CURLcode pool_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode pool_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode pool_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode pool_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode pool_curl_set_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}
typedef size_t (*pool_curl_write_callback)(char *data, size_t size, size_t count, void *context);
static inline CURLcode pool_curl_set_write_function(CURL *handle, pool_curl_write_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback);
}
static inline CURLcode pool_curl_set_header_function(CURL *handle, pool_curl_write_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, callback);
}
typedef int (*pool_curl_progress_callback)(void *context, curl_off_t total, curl_off_t now,
                                           curl_off_t upload_total, curl_off_t upload_now);
static inline CURLcode pool_curl_set_progress_function(CURL *handle, pool_curl_progress_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
}
static inline CURLcode pool_curl_get_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
