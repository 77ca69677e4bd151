/*
** rng.c: the seeded random number generator (xoshiro256**, seeded through splitmix64).
**
** One fixed algorithm in plain 64-bit integer arithmetic, so the same seed gives the same game on
** every machine and compiler. Bounded draws use rejection, never modulo bias or floating point.
*/
#include "internal.h"

static uint64_t splitmix64(uint64_t *x) {
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void mp_rng_seed(uint64_t s[4], uint64_t seed) {
    for (int i = 0; i < 4; i++) s[i] = splitmix64(&seed);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t mp_rng_next(uint64_t s[4]) {
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint32_t mp_rng_below(uint64_t s[4], uint32_t n) {
    if (n <= 1) return 0;
    uint32_t limit = UINT32_MAX - UINT32_MAX % n;   /* reject the incomplete last block */
    for (;;) {
        uint32_t x = (uint32_t)(mp_rng_next(s) >> 32);
        if (x < limit) return x % n;
    }
}
