/*
** api-design-files.h: the designs directory of meeple serve (`--designs DIR`, meeple-serve(1),
** section API, Designs directory): the one directory the server writes designs into, opened once
** at the start; its files listed, read and written through that descriptor only (api-design-files.c).
** api-design.c routes /api/design/files, {"saved": NAME} and /api/design/ID/save here.
*/
#ifndef MP_TOOLS_API_DESIGN_FILES_H
#define MP_TOOLS_API_DESIGN_FILES_H

#include <stdbool.h>
#include <stddef.h>

#include "api.h"

/* The largest design file read (as a file of the command line is read: api-design.c). */
#define DESIGN_FILE_MAX ((size_t)64 << 20)

/* --designs DIR at the start, before any request: 0, or EXIT_BAD_INPUT with the reason printed
** ("meeple serve: --designs: 'DIR': cannot open: ...; expected a directory to save designs in").
** dir must outlive the server. */
int design_dir_open(const char *dir);
/* At the server's end (no request in flight). */
void design_dir_close(void);
/* Whether the server was started with --designs. */
bool design_dir_on(void);

/* The hash of a design's text: 64-bit FNV-1a of its bytes, as 16 hex digits (out: 17 bytes). */
void design_hash(const char *text, size_t len, char *out);

/* GET /api/design/files: 200 {"dir", "files": [{name, bytes, hash}]}, or 404 without --designs. */
api_reply design_files_list(void);
/* The text of DIR/name (malloc'ed, NUL-terminated, *len bytes) for POST /api/design {"saved"}:
** 0, or 1 with *err the reply (400 a name that is none, 404 no such file or no --designs, 403 a
** link or not a regular file, 500 a read that failed). */
int design_files_read(const char *name, char **text, size_t *len, api_reply *err);
/* POST /api/design/ID/save of design id (its text, len bytes, and its errors as described), the
** request's body {"name", "replace", "expect"} read here: 201, or a 4xx or 500 (meeple-serve(1)). */
api_reply design_files_save(const api_request *rq, long id, const char *text, size_t len, int errors);

/* A design's name as the file a download of it is saved as (api_reply.filename, size bytes): its
** last part, every character but letters, digits and _ . + - made '_', the extension kept when it
** is cut; "design-ID.yaml" when nothing is left. */
void design_download_name(const char *name, long id, char *out, size_t size);

#endif
