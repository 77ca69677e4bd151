/*
** api-design-files.c: the designs directory of meeple serve (`--designs DIR`, meeple-serve(1),
** section API, Designs directory): its files listed with their hashes, one opened as a design,
** a design saved into it.
**
** The directory is opened once at the start and every file of it is reached through that
** descriptor (openat, renameat, unlinkat) with O_NOFOLLOW, by a plain name that a request gives
** (name_ok): no path outside it is reachable, even when it is renamed while the server runs. A
** symbolic link inside is never followed: it is not listed, opening it is refused (403), and so
** is saving over it (the link stays as its owner made it).
**
** A save never damages the file it replaces: the old text is first copied to NAME.bak, then the
** new one is written to a temporary file of the directory (its name starts with '.': never
** listed, never a name a request gives), synced, and renamed over NAME; the directory is synced.
** Saves are made one at a time (save_lock), so that two of the same name do not interleave.
*/
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "api-design-files.h"
#include "api-room.h"

static const char *dir_name;   /* as given to --designs */
static int dir_fd = -1;
static pthread_mutex_t save_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned long tmp_serial;   /* under save_lock */

static const char no_dir[] = "no designs directory; expected meeple serve --designs DIR";

int design_dir_open(const char *dir) {
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) {
        fprintf(stderr, "meeple serve: --designs: '%s': cannot open: %s; expected a directory to save designs in\n", quoted(dir),
                strerror(errno));
        return EXIT_BAD_INPUT;
    }
    dir_fd = fd;
    dir_name = dir;
    return 0;
}

void design_dir_close(void) {
    if (dir_fd >= 0) close(dir_fd);
    dir_fd = -1;
}

bool design_dir_on(void) { return dir_fd >= 0; }

/* ------------------------------------------------------------------ names and hashes */

enum { NAME_MAX_CHARS = 100 };

static bool name_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '+' || c == '-';
}

static bool ends_with(const char *s, size_t n, const char *end) {
    size_t e = strlen(end);
    return n >= e && strcmp(s + n - e, end) == 0;
}

/* A plain name of the directory: ^[A-Za-z0-9][A-Za-z0-9_.+-]{0,99}$, no "..", ending in .yaml or
** .yml. Never a path (no '/'), never a hidden file (the temporary files start with '.'). */
static bool name_ok(const char *s) {
    size_t n = s ? strlen(s) : 0;
    if (n < 1 || n > NAME_MAX_CHARS || !name_char(s[0]) || s[0] == '.' || s[0] == '_' || s[0] == '+' || s[0] == '-') return false;
    for (size_t i = 0; i < n; i++)
        if (!name_char(s[i])) return false;
    return !strstr(s, "..") && (ends_with(s, n, ".yaml") || ends_with(s, n, ".yml"));
}

static api_reply bad_name(const char *key, const char *name) {
    static const char expected[] = "expected a plain file name like mine.yaml (letters, digits and _ . + -, at most 100, starting "
                                   "with a letter or digit, no '/' or '..', ending in .yaml or .yml)";
    if (!name) return api_error(400, "\"%s\" is not a string; %s", key, expected);
    return api_error(400, "\"%s\": '%s' is not a file name of the designs directory; %s", key, quoted(name), expected);
}

#define FNV1A_START UINT64_C(0xcbf29ce484222325)
static uint64_t fnv1a(uint64_t h, const void *bytes, size_t n) {
    const unsigned char *b = bytes;
    for (size_t i = 0; i < n; i++) {
        h ^= b[i];
        h *= UINT64_C(0x100000001b3);
    }
    return h;
}

void design_hash(const char *text, size_t len, char *out) {
    snprintf(out, 17, "%016llx", (unsigned long long)fnv1a(FNV1A_START, text, len));
}

static bool hash_like(const char *s) {
    if (!s || strlen(s) != 16) return false;
    for (int i = 0; i < 16; i++)
        if (!strchr("0123456789abcdefABCDEF", s[i])) return false;
    return true;
}

/* ------------------------------------------------------------------ reading */

typedef enum { AT_FILE, AT_NONE, AT_LINK, AT_OTHER, AT_ERROR } at_kind;

/* name opened for reading in the directory, never through a link: AT_FILE with *fd open (a
** regular file), or what is there instead (AT_ERROR with errno set). */
static at_kind open_at(const char *name, int *fd) {
    /* O_NONBLOCK: a FIFO of that name is opened without waiting for a writer, then refused. */
    *fd = openat(dir_fd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (*fd < 0) return errno == ENOENT ? AT_NONE : errno == ELOOP ? AT_LINK : AT_ERROR;
    struct stat st;
    at_kind k = fstat(*fd, &st) ? AT_ERROR : S_ISREG(st.st_mode) ? AT_FILE : AT_OTHER;
    if (k != AT_FILE) {
        int e = errno;
        close(*fd);
        *fd = -1;
        errno = e;
    }
    return k;
}

/* The whole of fd, NUL-terminated, at most DESIGN_FILE_MAX bytes: 0, or an errno (EFBIG: larger). */
static int slurp(int fd, char **text, size_t *len) {
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    if (!buf) return ENOMEM;
    for (;;) {
        if (cap - n < 2) {
            char *more = cap <= DESIGN_FILE_MAX ? realloc(buf, cap * 2) : NULL;
            if (!more) { free(buf); return cap <= DESIGN_FILE_MAX ? ENOMEM : EFBIG; }
            buf = more;
            cap *= 2;
        }
        ssize_t got = read(fd, buf + n, cap - n - 1);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) { int e = errno; free(buf); return e; }
        if (got == 0) break;
        n += (size_t)got;
    }
    if (n > DESIGN_FILE_MAX) { free(buf); return EFBIG; }
    buf[n] = 0;
    *text = buf;
    *len = n;
    return 0;
}

/* The reply for what open_at found at name instead of a file (k is not AT_FILE). */
static api_reply not_a_file(at_kind k, const char *name, const char *doing) {
    if (k == AT_NONE)
        return api_error(404, "no '%s' in the designs directory; expected one of GET /api/design/files", quoted(name));
    if (k == AT_LINK)
        return api_error(403, "'%s' is a symbolic link in the designs directory; expected a regular file (a link is never followed%s)",
                         quoted(name), strcmp(doing, "save over") ? "" : " nor replaced");
    if (k == AT_OTHER) return api_error(403, "'%s' is not a regular file in the designs directory; expected a regular file", quoted(name));
    return api_error(500, "cannot %s '%s' in the designs directory '%s': %s", doing, quoted(name), quoted(dir_name), strerror(errno));
}

int design_files_read(const char *name, char **text, size_t *len, api_reply *err) {
    if (dir_fd < 0) { *err = api_error(404, "%s", no_dir); return 1; }
    if (!name_ok(name)) { *err = bad_name("saved", name); return 1; }
    int fd;
    at_kind k = open_at(name, &fd);
    if (k != AT_FILE) { *err = not_a_file(k, name, "open"); return 1; }
    int e = slurp(fd, text, len);
    close(fd);
    if (e) {
        *err = api_error(500, "cannot read '%s' in the designs directory '%s': %s", quoted(name), quoted(dir_name), strerror(e));
        return 1;
    }
    return 0;
}

/* Whether the directory has been removed since the start (its descriptor still names it). */
static bool dir_gone(void) {
    struct stat st;
    return fstat(dir_fd, &st) == 0 && st.st_nlink == 0;
}

/* ------------------------------------------------------------------ GET /api/design/files */

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The bytes and hash of a regular file of the directory, read in parts: false when it is none. */
static bool file_hash(const char *name, unsigned long long *bytes, char *hash) {
    int fd;
    if (open_at(name, &fd) != AT_FILE) return false;
    char buf[1 << 14];
    uint64_t h = FNV1A_START;
    unsigned long long n = 0;
    ssize_t got;
    while ((got = read(fd, buf, sizeof buf)) != 0) {
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) break;
        h = fnv1a(h, buf, (size_t)got);
        n += (unsigned long long)got;
    }
    close(fd);
    if (got < 0) return false;
    *bytes = n;
    snprintf(hash, 17, "%016llx", (unsigned long long)h);
    return true;
}

api_reply design_files_list(void) {
    if (dir_fd < 0) return api_error(404, "%s", no_dir);
    if (dir_gone())
        return api_error(500, "the designs directory '%s' was removed while the server runs; expected it there", quoted(dir_name));
    /* A descriptor of its own, so that two listings at once do not share a position. */
    int fd = openat(dir_fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
    if (!d) {
        int e = errno;
        if (fd >= 0) close(fd);
        return api_error(500, "cannot list the designs directory '%s': %s", quoted(dir_name), strerror(e));
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    bool oom = false;
    for (struct dirent *e; !oom && (e = readdir(d));) {
        if (!name_ok(e->d_name)) continue;
        if (n == cap) {
            char **more = realloc(names, (cap = cap ? 2 * cap : 32) * sizeof *names);
            if (!more) { oom = true; break; }
            names = more;
        }
        if (!(names[n] = strdup(e->d_name))) oom = true;
        else n++;
    }
    closedir(d);
    if (!oom && n) qsort(names, n, sizeof *names, by_name);
    json j;
    jw_init(&j, NULL);
    jw_object(&j);
    jw_key(&j, "dir"); jw_string(&j, dir_name);
    jw_key(&j, "files"); jw_array(&j);
    for (size_t i = 0; !oom && i < n; i++) {
        unsigned long long bytes;
        char hash[17];
        if (!file_hash(names[i], &bytes, hash)) continue;   /* a link, a directory, or gone since */
        jw_object(&j);
        jw_key(&j, "name"); jw_string(&j, names[i]);
        jw_key(&j, "bytes"); jw_uint(&j, bytes);
        jw_key(&j, "hash"); jw_string(&j, hash);
        jw_object_end(&j);
    }
    jw_array_end(&j);
    jw_object_end(&j);
    for (size_t i = 0; i < n; i++) free(names[i]);
    free(names);
    json_t *v = jw_take(&j);
    if (oom) { json_decref(v); return api_error(500, "out of memory"); }
    return reply_json(200, v);
}

/* ------------------------------------------------------------------ POST /api/design/ID/save */

/* bytes written to a temporary file of the directory, synced, renamed over target, the directory
** synced: 0, or 1 with why said (and the temporary file removed: target is as it was). */
static int write_replacing(const char *target, const char *bytes, size_t n, char *why, size_t size) {
    char tmp[NAME_MAX_CHARS + 64];
    int fd = -1;
    for (int tries = 0; fd < 0 && tries < 100; tries++) {
        snprintf(tmp, sizeof tmp, ".%s.%ld-%lu.tmp", target, (long)getpid(), ++tmp_serial);
        fd = openat(dir_fd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST) break;
    }
    if (fd < 0) {
        snprintf(why, size, "cannot make a temporary file for '%s': %s", quoted(target), strerror(errno));
        return 1;
    }
    const char *step = NULL;
    int e = 0;
    for (size_t done = 0; !step && done < n;) {
        ssize_t w = write(fd, bytes + done, n - done);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) { step = "write"; e = w < 0 ? errno : ENOSPC; }
        else done += (size_t)w;
    }
    if (!step && fsync(fd)) { step = "sync"; e = errno; }
    if (close(fd) && !step) { step = "close"; e = errno; }
    if (!step && renameat(dir_fd, tmp, dir_fd, target)) { step = "rename into place"; e = errno; }
    if (step) {
        unlinkat(dir_fd, tmp, 0);
        snprintf(why, size, "cannot %s the new '%s': %s", step, quoted(target), strerror(e));
        return 1;
    }
    if (fsync(dir_fd)) {
        snprintf(why, size, "'%s' is written, but the directory cannot be synced: %s", quoted(target), strerror(errno));
        return 1;
    }
    return 0;
}


/* The save itself, under save_lock: what is there now checked against replace and expect, then
** the backup and the new text written. */
static api_reply save_locked(const char *name, bool replace, const char *expect, const char *text, size_t len) {
    int fd;
    at_kind k = open_at(name, &fd);
    if (k == AT_LINK || k == AT_OTHER || k == AT_ERROR) return not_a_file(k, name, "save over");
    char *old = NULL, old_hash[17] = "";
    size_t old_len = 0;
    if (k == AT_FILE) {
        int e = slurp(fd, &old, &old_len);
        close(fd);
        if (e) return api_error(500, "cannot read '%s' in the designs directory '%s' to back it up: %s", quoted(name), quoted(dir_name), strerror(e));
        design_hash(old, old_len, old_hash);
    }
    api_reply r;
    char why[600], bak[NAME_MAX_CHARS + 8];
    snprintf(bak, sizeof bak, "%s.bak", name);
    if (old && !replace)
        r = api_error_flag(409, "exists", "'%s' exists in the designs directory; expected \"replace\": true to replace it (the old one is kept as %s)",
                     quoted(name), quoted(bak));
    else if (expect && !old)
        r = api_error_flag(409, "changed", "'%s' changed on disk since it was opened (it is gone, expected hash %s); expected it reopened, or "
                     "\"expect\": null to write it anew", quoted(name), expect);
    else if (expect && strcasecmp(old_hash, expect))
        r = api_error_flag(409, "changed", "'%s' changed on disk since it was opened (hash %s, expected %s); expected it reopened, or \"expect\": "
                     "null to overwrite", quoted(name), old_hash, expect);
    else if (dir_gone())
        r = api_error(500, "cannot save '%s': the designs directory '%s' was removed while the server runs; expected it there (nothing "
                      "was written)", quoted(name), quoted(dir_name));
    else if ((old && write_replacing(bak, old, old_len, why, sizeof why)) || write_replacing(name, text, len, why, sizeof why))
        r = api_error(500, "cannot save '%s' in the designs directory '%s': %s%s; expected a directory it can be written in (the old "
                      "file is as it was)", quoted(name), quoted(dir_name), why,
                      dir_gone() ? " (the directory was removed while the server runs)" : "");
    else {
        char hash[17];
        design_hash(text, len, hash);
        json j;
        jw_init(&j, NULL);
        jw_object(&j);
        jw_key(&j, "name"); jw_string(&j, name);
        jw_key(&j, "hash"); jw_string(&j, hash);
        jw_key(&j, "bytes"); jw_uint(&j, len);
        jw_key(&j, "backup"); jw_string(&j, old ? bak : NULL);
        jw_object_end(&j);
        r = reply_json(201, jw_take(&j));
    }
    free(old);
    return r;
}

api_reply design_files_save(const api_request *rq, long id, const char *text, size_t len, int errors) {
    if (dir_fd < 0) return api_error(403, "nothing is written: meeple serve was started without --designs DIR");
    api_reply r;
    json_t *v = parse_body(rq, "{\"name\": \"mine.yaml\", \"replace\": false, \"expect\": \"<the hash it was opened with>\" or null}", &r);
    if (!v) return r;
    json_t *jreplace = json_object_get(v, "replace"), *jexpect = json_object_get(v, "expect");
    const char *name = json_string_value(json_object_get(v, "name"));
    const char *expect = json_string_value(jexpect);
    if (!name_ok(name)) r = bad_name("name", name);
    else if (jreplace && !json_is_boolean(jreplace)) r = api_error(400, "\"replace\" is not true or false; expected \"replace\": true to replace a file");
    else if (jexpect && !json_is_null(jexpect) && !hash_like(expect))
        r = api_error(400, "\"expect\" is not a hash; expected the \"hash\" of the file as it was opened (16 hex digits), or null");
    else if (errors > 0)
        r = api_error(409, "design %ld has %d error%s; expected a design that lints clean (download it to keep it as it is)", id, errors,
                      errors == 1 ? "" : "s");
    else {
        pthread_mutex_lock(&save_lock);
        r = save_locked(name, json_is_true(jreplace), expect, text, len);
        pthread_mutex_unlock(&save_lock);
    }
    json_decref(v);
    return r;
}

/* ------------------------------------------------------------------ downloads */

void design_download_name(const char *name, long id, char *out, size_t size) {
    const char *slash = name ? strrchr(name, '/') : NULL, *s = slash ? slash + 1 : name ? name : "";
    size_t n = strlen(s), keep = n < size ? n : size - 1;
    const char *dot = strrchr(s, '.');
    size_t ext = dot && dot != s && strlen(dot) < 10 ? strlen(dot) : 0;
    if (n >= size && ext) keep = size - 1 - ext;   /* cut in the middle: the extension stays */
    size_t o = 0;
    for (size_t i = 0; i < keep; i++, o++) out[o] = name_char(s[i]) && !(i == 0 && s[i] == '.') ? s[i] : '_';
    for (size_t i = n >= size && ext ? n - ext : n; i < n && o + 1 < size; i++, o++) out[o] = name_char(s[i]) ? s[i] : '_';
    out[o] = 0;
    if (!o) snprintf(out, size, "design-%ld.yaml", id);
}
