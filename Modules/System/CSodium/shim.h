#ifndef TEND_CSODIUM_SHIM_H
#define TEND_CSODIUM_SHIM_H

#include <sodium.h>

// Macros that Swift does not import as constants.
static inline size_t tend_pwhash_strbytes(void) { return crypto_pwhash_STRBYTES; }
static inline unsigned long long tend_pwhash_opslimit_interactive(void) { return crypto_pwhash_OPSLIMIT_INTERACTIVE; }
static inline size_t tend_pwhash_memlimit_interactive(void) { return crypto_pwhash_MEMLIMIT_INTERACTIVE; }
static inline unsigned long long tend_pwhash_opslimit_min(void) { return crypto_pwhash_OPSLIMIT_MIN; }
static inline size_t tend_pwhash_memlimit_min(void) { return crypto_pwhash_MEMLIMIT_MIN; }
static inline size_t tend_generichash_bytes(void) { return crypto_generichash_BYTES; }

#endif
