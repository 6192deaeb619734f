// OpenSSL's libcrypto, for the EVP message-digest interface (SHA-256 of model files).
#include <openssl/evp.h>
