/*
** test_jcz_location.c: JCloisterZone's location names (tools/jcz/jcz-location.c), both ways: the
** names of the format (sides, side groups, half-sides in their order, I) for given ports, and every
** feature of every shipped tile, at every rotation, named and read back to the ports it is named by.
*/
#include <stdio.h>
#include <string.h>

#include "helpers.h"
#include "jcz-location.h"

static unsigned read_ok(const char *loc) {
    unsigned ports = 0;
    cr_assert_eq(jcz_location_read(loc, &ports), 0, "'%s' should read", loc);
    return ports;
}

static const char *name(unsigned ports) {
    static char buf[JCZ_LOCATION_MAX];
    return jcz_location_name(ports, buf, sizeof buf);
}

/* Ports by meeple's names. */
static unsigned P(const char *names) {
    static const char *const all[] = { "Nw", "N", "Ne", "En", "E", "Es", "Se", "S", "Sw", "Ws", "W", "Wn" };
    unsigned m = 0;
    char buf[64];
    snprintf(buf, sizeof buf, "%s", names);
    for (char *w = strtok(buf, " "); w; w = strtok(NULL, " "))
        for (int p = 0; p < 12; p++)
            if (!strcmp(all[p], w)) m |= 1u << p;
    return m;
}

Test(jcz_location, names_of_the_format) {
    cr_assert_str_eq(name(P("N")), "N");
    cr_assert_str_eq(name(P("Nw N Ne")), "N");               /* a city side: named by the side */
    cr_assert_str_eq(name(P("E W")), "WE");
    cr_assert_str_eq(name(P("N S")), "NS");
    cr_assert_str_eq(name(P("N E")), "NE");
    cr_assert_str_eq(name(P("N W")), "NW");
    cr_assert_str_eq(name(P("S E")), "SE");
    cr_assert_str_eq(name(P("S W")), "SW");
    cr_assert_str_eq(name(P("N E W")), "_S");
    cr_assert_str_eq(name(P("E S W")), "_N");
    cr_assert_str_eq(name(P("N E S W")), "NWSE");
    cr_assert_str_eq(name(P("Wn Nw Ne En")), "NL.NR.EL.WR");  /* halves in the format's order */
    cr_assert_str_eq(name(P("Es Se Sw Ws")), "ER.SL.SR.WL");
    cr_assert_str_eq(name(P("Nw Ne En Es Se Sw Ws Wn")), "NL.NR.EL.ER.SL.SR.WL.WR");
    cr_assert_str_eq(name(0), "I");
    cr_assert_eq(read_ok("I"), 0);
    cr_assert_eq(read_ok("NL.NR.EL.WR"), P("Nw Ne En Wn"));
    cr_assert_eq(read_ok("SL"), P("Se"));
    cr_assert_eq(read_ok("SR.WL"), P("Sw Ws"));
    cr_assert_eq(read_ok("_W"), P("N E S"));
    cr_assert_eq(read_ok("NWSE"), P("N E S W"));
    cr_assert_eq(read_ok("EW"), P("E W"));
    unsigned ports;
    static const char *const bad[] = { "", ".", "N.", ".N", "NX", "_", "_X", "NL..NR", "I.N", "L" };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++)
        cr_assert_eq(jcz_location_read(bad[k], &ports), -1, "'%s' should not read", bad[k]);
}

Test(jcz_location, feature_types) {
    cr_assert_str_eq(jcz_feature_type("cloister"), "Monastery");
    cr_assert_str_eq(jcz_feature_type("field"), "Field");
    cr_assert_null(jcz_feature_type("castle"));
    cr_assert_str_eq(jcz_feature_kind("Monastery"), "cloister");
    cr_assert_str_eq(jcz_feature_kind("Farm"), "field");
    cr_assert_null(jcz_feature_kind("city"));
}

/* The ports a name stands for: the middles of a feature that covers any, else its halves. */
static unsigned named_part(unsigned ports) {
    unsigned middles = ports & P("N E S W");
    return middles ? middles : ports & ~P("N E S W");
}

Test(jcz_location, every_feature_of_the_shipped_tiles_round_trips) {
    static const char *const sets[] = { "base", "bcb" };
    for (size_t k = 0; k < 2; k++) {
        char path[512];
        snprintf(path, sizeof path, TEST_SRCDIR "/rulesets/tiles/%s.yaml", sets[k]);
        mp_diag d = { 0 };
        mp_tileset *ts = mp_tileset_load(path, &d);
        cr_assert(ts, "%s: %s", path, d.message);
        for (int t = 0; t < mp_tileset_n_tiles(ts); t++)
            for (int f = 0; f < mp_tileset_tile_n_features(ts, t); f++) {
                mp_feature_def fd;
                mp_tileset_feature(ts, t, f, &fd);
                for (int r = 0; r < 4; r++) {
                    unsigned turned = 0;
                    for (int p = 0; p < 12; p++)
                        if (fd.ports >> p & 1) turned |= 1u << (p + 3 * r) % 12;
                    const char *loc = name(turned);
                    unsigned back = read_ok(loc);
                    cr_assert_eq(back, named_part(turned), "%s feature %d rotation %d: '%s' reads 0x%x, not 0x%x",
                                 mp_tileset_tile_id(ts, t), f, r, loc, back, named_part(turned));
                    if (!strcmp(mp_tileset_kind_name(ts, fd.kind), "cloister")) cr_assert_str_eq(loc, "I");
                }
            }
        mp_tileset_free(ts);
    }
}
