/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <stddef.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <sqlite3.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "model/agefactor.h"
#include "model/grid.h"
#include "model/index.h"

/* A file changed this close to the scan may change again within the same
 * timestamp tick without any stat field moving: re-read it next time too. */
#define RACY_NS (2LL * 1000000000LL)
#define BUSY_MS 10000
#define STR_(x) #x
#define STR(x) STR_(x)

struct fsb_index {
	sqlite3 *db;
	char *path;              /* NULL: the private in-memory index */
	bool rebuilt;
};

/* ---- the columns, the checksum ---------------------------------------------------------- */

/* The columns of results and summary.  Insert, select and checksum all walk
 * these arrays, so they cannot disagree on the order. */
enum { T_TEXT, T_INT, T_REAL };
struct col {
	const char *name;
	int type;
	size_t file_text;  /* a text column fsb_index_file shows as is: its
	                    * member's offset there (0: none, or not as is) */
};
#define COL(name, type) { (name), (type), 0 }
#define AS_IS(name, member) { (name), T_TEXT, offsetof(struct fsb_index_file, member) }

enum {
	R_DIR, R_NAME, R_SIZE, R_MTIME, R_CTIME, R_INO, R_RACY, R_READABLE, R_ERROR, R_STATUS,
	R_STARTED, R_FINISHED, R_SORT, R_PROFILE, R_TITLE, R_TOOL, R_COMMAND, R_WORKLOAD, R_BASELINE,
	R_TARGET, R_HOST, R_KERNEL, R_CPU, R_FILESYSTEMS, R_PHASES, R_AGED, R_REPS, R_OVERHEAD, R_NSUMMARY, R_N
};
static const struct col rcols[R_N] = {
	COL("dir", T_INT), COL("name", T_TEXT), COL("size", T_INT), COL("mtime_ns", T_INT),
	COL("ctime_ns", T_INT), COL("ino", T_INT), COL("racy", T_INT), COL("readable", T_INT),
	AS_IS("error", error), COL("status", T_TEXT), AS_IS("started", started),
	AS_IS("finished", finished), COL("sort_time", T_INT), AS_IS("profile", profile),
	AS_IS("title", title), AS_IS("tool", tool), AS_IS("command", command),
	AS_IS("workload", workload), AS_IS("baseline", baseline),
	AS_IS("target", target), AS_IS("host", host), AS_IS("kernel", kernel),
	AS_IS("cpu", cpu), AS_IS("filesystems", filesystems),
	AS_IS("phases", phases),
	COL("aged", T_INT), COL("repetitions", T_INT), COL("overhead", T_REAL), COL("nsummary", T_INT),
};

enum { S_FILE, S_FS, S_PHASE, S_RUNS, S_REAL, S_USER, S_SYS, S_SYNC, S_N };
static const struct col scols[S_N] = {
	COL("file", T_INT), COL("fs", T_TEXT), COL("phase", T_TEXT), COL("runs", T_INT),
	COL("real", T_REAL), COL("user", T_REAL), COL("sys", T_REAL), COL("sync", T_REAL),
};

/* One value of a row: the text is owned only when own is set. */
struct val {
	const char *s;
	long long i;
	double d;
	bool own;
};

static const char schema_sql[] =
	"CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
	"CREATE TABLE dirs(id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE);"
	"CREATE TABLE results("
	" id INTEGER PRIMARY KEY, dir INTEGER NOT NULL, name TEXT NOT NULL,"
	" size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL, ctime_ns INTEGER NOT NULL, ino INTEGER NOT NULL,"
	" racy INTEGER NOT NULL, readable INTEGER NOT NULL, error TEXT,"
	" status TEXT NOT NULL, started TEXT NOT NULL, finished TEXT NOT NULL, sort_time INTEGER NOT NULL,"
	" profile TEXT NOT NULL, title TEXT NOT NULL, tool TEXT NOT NULL, command TEXT NOT NULL,"
	" workload TEXT NOT NULL, baseline TEXT NOT NULL, target TEXT NOT NULL, host TEXT NOT NULL,"
	" kernel TEXT NOT NULL, cpu TEXT NOT NULL, filesystems TEXT NOT NULL, phases TEXT NOT NULL,"
	" aged INTEGER NOT NULL, repetitions INTEGER NOT NULL, overhead REAL, nsummary INTEGER NOT NULL, crc INTEGER NOT NULL,"
	" UNIQUE(dir, name));"
	"CREATE TABLE summary("
	" file INTEGER NOT NULL, fs TEXT NOT NULL, phase TEXT NOT NULL, runs INTEGER NOT NULL,"
	" real REAL, user REAL, sys REAL, sync REAL, crc INTEGER NOT NULL,"
	" PRIMARY KEY(file, fs, phase)) WITHOUT ROWID;"
	"CREATE VIEW files AS SELECT d.path || '/' || r.name AS path, r.* FROM results r JOIN dirs d ON d.id = r.dir;";

/* FNV-1a over the values, eight bytes a step (a byte a step was a tenth
 * of a 10,000-file listing), with their lengths and a mark for NULL and
 * NAN, so that no two different rows hash alike by concatenation.  A
 * checksum against damage, not against anyone. */
static void crc_add(uint64_t *h, const void *p, size_t n)
{
	const unsigned char *b = p;
	uint64_t w;

	for (; n >= 8; n -= 8, b += 8) {
		memcpy(&w, b, 8);
		*h = (*h ^ w) * 0x100000001b3ULL;
		*h ^= *h >> 29;
	}
	for (; n; n--, b++)
		*h = (*h ^ *b) * 0x100000001b3ULL;
}

static long long row_crc(const struct col *cols, const struct val *v, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (size_t c = 0; c < n; c++) {
		long long len;

		switch (cols[c].type) {
		case T_TEXT:
			len = v[c].s ? (long long)strlen(v[c].s) : -1;
			crc_add(&h, &len, sizeof(len));
			if (v[c].s)
				crc_add(&h, v[c].s, (size_t)len);
			break;
		case T_INT:
			crc_add(&h, &v[c].i, sizeof(v[c].i));
			break;
		default: {
			double d = isnan(v[c].d) ? 0 : v[c].d;
			unsigned char nan = isnan(v[c].d);

			crc_add(&h, &nan, 1);
			crc_add(&h, &d, sizeof(d));
		}
		}
	}
	return (long long)h;
}

static void bind_row(sqlite3_stmt *st, const struct col *cols, const struct val *v, size_t n)
{
	for (size_t c = 0; c < n; c++) {
		int i = (int)c + 1;

		if (cols[c].type == T_TEXT) {
			if (v[c].s)
				sqlite3_bind_text(st, i, v[c].s, -1, SQLITE_STATIC);
			else
				sqlite3_bind_null(st, i);
		} else if (cols[c].type == T_INT) {
			sqlite3_bind_int64(st, i, v[c].i);
		} else if (isnan(v[c].d)) {
			sqlite3_bind_null(st, i);
		} else {
			sqlite3_bind_double(st, i, v[c].d);
		}
	}
	sqlite3_bind_int64(st, (int)n + 1, row_crc(cols, v, n));
}

/* Read columns [0, n) into v and check them against column n, the crc. */
static bool load_row(sqlite3_stmt *st, const struct col *cols, struct val *v, size_t n)
{
	for (size_t c = 0; c < n; c++) {
		int i = (int)c;

		memset(&v[c], 0, sizeof(v[c]));
		if (cols[c].type == T_TEXT)
			v[c].s = (const char *)sqlite3_column_text(st, i);
		else if (cols[c].type == T_INT)
			v[c].i = sqlite3_column_int64(st, i);
		else
			v[c].d = sqlite3_column_type(st, i) == SQLITE_NULL ? NAN : sqlite3_column_double(st, i);
	}
	return sqlite3_column_int64(st, (int)n) == row_crc(cols, v, n);
}

static char *col_list(const struct col *cols, size_t n, const char *prefix)
{
	struct fsb_buf b = { 0 };

	for (size_t c = 0; c < n; c++)
		fsb_buf_addf(&b, "%s%s%s", c ? ", " : "", prefix, cols[c].name);
	fsb_buf_addf(&b, ", %scrc", prefix);
	return fsb_buf_steal(&b);
}

static char *insert_sql(const char *table, const struct col *cols, size_t n)
{
	char *names = col_list(cols, n, "");
	struct fsb_buf b = { 0 };

	fsb_buf_addf(&b, "INSERT OR REPLACE INTO %s(%s) VALUES(", table, names);
	for (size_t c = 0; c <= n; c++)
		fsb_buf_add(&b, c ? ", ?" : "?");
	fsb_buf_add(&b, ")");
	free(names);
	return fsb_buf_steal(&b);
}

/* ---- opening, and starting afresh ---------------------------------------------------------- */

/* What to do after an SQLite error: the database is damaged or not ours
 * (corrupt, a missing table, a broken constraint: move it aside, rebuild),
 * or the cache cannot be used now (busy for too long, read-only, full, I/O
 * errors: go on in memory, leaving the file to whoever holds it). */
static bool is_corrupt(int rc)
{
	rc &= 0xff;
	return rc == SQLITE_CORRUPT || rc == SQLITE_NOTADB || rc == SQLITE_FORMAT || rc == SQLITE_ERROR ||
	       rc == SQLITE_SCHEMA || rc == SQLITE_MISMATCH || rc == SQLITE_CONSTRAINT || rc == SQLITE_RANGE;
}

#define FSB_ECORRUPT (-EBADMSG)

static int sql_err(struct fsb_index *ix, int rc, struct fsb_err *err, const char *what)
{
	int code = is_corrupt(rc) ? FSB_ECORRUPT : -EIO;

	return fsb_err_set(err, code, "result index %s: %s: %s", ix->path ? ix->path : "(in memory)", what,
			   ix->db ? sqlite3_errmsg(ix->db) : sqlite3_errstr(rc));
}

static int exec(struct fsb_index *ix, const char *sql, struct fsb_err *err)
{
	int rc = sqlite3_exec(ix->db, sql, NULL, NULL, NULL);

	return rc == SQLITE_OK ? 0 : sql_err(ix, rc, err, sql);
}

static int user_version(struct fsb_index *ix, long long *v, struct fsb_err *err)
{
	sqlite3_stmt *st = NULL;
	int rc = sqlite3_prepare_v2(ix->db, "PRAGMA user_version", -1, &st, NULL);

	if (rc == SQLITE_OK)
		rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		*v = sqlite3_column_int64(st, 0);
		rc = SQLITE_OK;
	}
	sqlite3_finalize(st);
	return rc == SQLITE_OK ? 0 : sql_err(ix, rc, err, "reading the schema version");
}

/* The fsbench that wrote the rows: another version may parse files
 * differently, so its rows are not trusted. */
static const char *writer_id(void)
{
	return "fsbench " FSB_VERSION ", result format " STR(FSB_RESULT_FORMAT);
}

static int meta_matches(struct fsb_index *ix, bool *ok, struct fsb_err *err)
{
	sqlite3_stmt *st = NULL;
	int rc = sqlite3_prepare_v2(ix->db, "SELECT value FROM meta WHERE key = 'writer'", -1, &st, NULL);

	*ok = false;
	if (rc == SQLITE_OK)
		rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		const char *v = (const char *)sqlite3_column_text(st, 0);

		*ok = v && strcmp(v, writer_id()) == 0;
		rc = SQLITE_DONE;
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : sql_err(ix, rc, err, "reading the writer");
}

/* The schema, created or recreated, inside one write transaction so that
 * two processes starting at once do not both create it. */
static int ensure_schema(struct fsb_index *ix, struct fsb_err *err)
{
	long long v = 0;
	bool ok = false;
	int rc;
	char *sql = NULL;

	rc = exec(ix, "BEGIN IMMEDIATE", err);
	if (rc)
		return rc;
	rc = user_version(ix, &v, err);
	if (rc)
		goto out;
	if (v == FSB_INDEX_SCHEMA) {
		rc = meta_matches(ix, &ok, err);
		if (rc)
			goto out;
		if (!ok)
			rc = exec(ix, "DELETE FROM results; DELETE FROM summary; DELETE FROM dirs;", err);
	} else {
		rc = exec(ix, "DROP VIEW IF EXISTS files; DROP TABLE IF EXISTS meta; DROP TABLE IF EXISTS dirs;"
			      "DROP TABLE IF EXISTS results; DROP TABLE IF EXISTS summary;", err);
		if (!rc)
			rc = exec(ix, schema_sql, err);
		sql = fsb_xasprintf("PRAGMA user_version = %d", FSB_INDEX_SCHEMA);
		if (!rc)
			rc = exec(ix, sql, err);
	}
	if (!rc && !ok) {
		free(sql);
		sql = fsb_xasprintf("INSERT OR REPLACE INTO meta(key, value) VALUES('writer', '%s')", writer_id());
		rc = exec(ix, sql, err);
	}
out:
	free(sql);
	if (rc) {
		sqlite3_exec(ix->db, "ROLLBACK", NULL, NULL, NULL);
		return rc;
	}
	return exec(ix, "COMMIT", err);
}

static int open_db(struct fsb_index *ix, struct fsb_err *err)
{
	int rc;

	rc = sqlite3_open_v2(ix->path ? ix->path : ":memory:", &ix->db,
			     SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL);
	if (rc != SQLITE_OK)
		return sql_err(ix, rc, err, "opening");
	sqlite3_busy_timeout(ix->db, BUSY_MS);
	/* a cache: losing the last transaction to a power cut is fine, a
	 * damaged file is detected and rebuilt */
	rc = exec(ix, "PRAGMA synchronous = NORMAL", err);
	if (!rc)
		rc = ensure_schema(ix, err);
	return rc;
}

static void close_db(struct fsb_index *ix)
{
	if (ix->db)
		sqlite3_close(ix->db);
	ix->db = NULL;
}

/* Move the damaged database aside (one copy, for whoever wants to look at
 * it) and start an empty one. */
static int start_afresh(struct fsb_index *ix, struct fsb_err *err)
{
	close_db(ix);
	ix->rebuilt = true;
	if (ix->path) {
		char *aside = fsb_xasprintf("%s.corrupt", ix->path);
		char *journal = fsb_xasprintf("%s-journal", ix->path);

		if (rename(ix->path, aside) < 0)
			unlink(ix->path);
		unlink(journal);
		free(aside);
		free(journal);
	}
	return open_db(ix, err);
}

/* The cache cannot be used (read-only, full, locked for too long): a private
 * index in memory for the rest of this process. */
static int go_private(struct fsb_index *ix, struct fsb_err *err)
{
	close_db(ix);
	free(ix->path);
	ix->path = NULL;
	return open_db(ix, err);
}

char *fsb_index_default_path(void)
{
	char *dir = fsb_xdg_dir("cache");
	char *path = fsb_xasprintf("%s/index.sqlite", dir);

	free(dir);
	return path;
}

int fsb_index_open(const char *path, struct fsb_index **out, struct fsb_err *err)
{
	struct fsb_index *ix = fsb_xcalloc(1, sizeof(*ix));
	int rc;

	*out = NULL;
	ix->path = !path ? fsb_index_default_path() : *path ? fsb_xstrdup(path) : NULL;
	if (ix->path) {
		char *dir = fsb_xstrdup(ix->path), *slash = strrchr(dir, '/');

		if (slash && slash != dir) {
			*slash = '\0';
			fsb_mkdir_p(dir, 0755);
		}
		free(dir);
	}
	rc = open_db(ix, err);
	if (rc == FSB_ECORRUPT)
		rc = start_afresh(ix, err);
	if (rc)
		rc = go_private(ix, err);
	if (rc) {
		fsb_index_close(ix);
		return rc;
	}
	fsb_err_clear(err);
	*out = ix;
	return 0;
}

void fsb_index_close(struct fsb_index *ix)
{
	if (!ix)
		return;
	close_db(ix);
	free(ix->path);
	free(ix);
}

/* ---- one file, read --------------------------------------------------------------------------- */

static time_t parse_iso(const char *s)
{
	struct tm tm;

	if (!s || !*s)
		return (time_t)-1;
	memset(&tm, 0, sizeof(tm));
	if (!strptime(s, "%Y-%m-%dT%H:%M:%S", &tm))
		return (time_t)-1;
	return timegm(&tm);
}

static long long ns(const struct timespec *t)
{
	return (long long)t->tv_sec * 1000000000LL + t->tv_nsec;
}

static void set_text(struct val *v, const char *s)
{
	v->s = s ? s : "";
}

static void set_owned(struct val *v, char *s)
{
	v->s = s;
	v->own = true;
}

/* The seconds a complete result spent outside its phases, per run (one
 * repetition of one filesystem: a mkfs, mount, umount and the cache drops
 * between its phases): what the estimate and the ETA add per run. */
static double overhead(const struct fsb_result *r)
{
	time_t a = parse_iso(r->started), b = parse_iso(r->finished);
	double phases = 0;
	size_t runs = 0;

	if (r->status != FSB_RESULT_COMPLETE || a == (time_t)-1 || b == (time_t)-1 || b < a)
		return NAN;
	for (size_t f = 0; f < r->nfs; f++) {
		size_t reps = 0;

		if (r->fs[f]->status != FSB_FS_OK)
			continue;
		for (size_t j = 0; j < r->fs[f]->nphases; j++) {
			const struct fsb_phase_result *ph = r->fs[f]->phases[j];

			/* the stall round is a run of each filesystem too: its
			 * phases and its mkfs are in the wall time */
			if (ph->nruns + (ph->nstall_runs ? 1 : 0) > reps)
				reps = ph->nruns + (ph->nstall_runs ? 1 : 0);
			for (size_t k = 0; k < ph->nruns; k++)
				if (!isnan(ph->runs[k].v[FSB_FIELD_real]))
					phases += ph->runs[k].v[FSB_FIELD_real];
			for (size_t k = 0; k < ph->nstall_runs; k++)
				if (!isnan(ph->stall_runs[k].v[FSB_FIELD_real]))
					phases += ph->stall_runs[k].v[FSB_FIELD_real];
		}
		runs += reps;
	}
	if (!runs || (double)(b - a) < phases)
		return NAN;
	return ((double)(b - a) - phases) / (double)runs;
}

static char *join_fs(const struct fsb_result *r)
{
	struct fsb_strv sv = { 0 };
	char *s;

	for (size_t i = 0; i < r->nfs; i++)
		fsb_strv_add(&sv, r->fs[i]->name);
	s = fsb_strv_join(&sv, ",");
	fsb_strv_free(&sv);
	return s;
}

static char *join_phases(const struct fsb_result *r)
{
	struct fsb_strv sv = { 0 };
	char *s;

	fsb_result_phases(r, &sv);
	s = fsb_strv_join(&sv, ",");
	fsb_strv_free(&sv);
	return s;
}

struct scan {
	struct fsb_index *ix;
	const char *dir;         /* as the caller spelled it: for paths shown to the user */
	char *cdir;              /* canonical: the key in the index */
	long long dir_id;        /* its row in dirs */
	sqlite3_stmt *ins_r, *ins_s, *del_r, *del_s;
};

static int step_done(struct fsb_index *ix, sqlite3_stmt *st, struct fsb_err *err, const char *what)
{
	int rc = sqlite3_step(st);

	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	return rc == SQLITE_DONE ? 0 : sql_err(ix, rc, err, what);
}

static int insert_summaries(struct scan *sc, long long id, const struct fsb_result *r, struct fsb_err *err)
{
	int rc = 0;

	for (size_t f = 0; f < r->nfs && !rc; f++)
		for (size_t j = 0; j < r->fs[f]->nphases && !rc; j++) {
			const struct fsb_phase_result *ph = r->fs[f]->phases[j];
			double sum[4] = { 0 };
			size_t cnt[4] = { 0 };
			static const int fields[4] = { FSB_FIELD_real, FSB_FIELD_user, FSB_FIELD_sys, FSB_FIELD_sync };
			struct val v[S_N];

			/* the runs the estimate trusts: finished fine, with a real time */
			for (size_t k = 0; k < ph->nruns; k++) {
				if (ph->runs[k].status != FSB_RUN_OK || isnan(ph->runs[k].v[FSB_FIELD_real]))
					continue;
				for (int q = 0; q < 4; q++)
					if (!isnan(ph->runs[k].v[fields[q]])) {
						sum[q] += ph->runs[k].v[fields[q]];
						cnt[q]++;
					}
			}
			memset(v, 0, sizeof(v));
			v[S_FILE].i = id;
			v[S_FS].s = r->fs[f]->name;
			v[S_PHASE].s = ph->name;
			v[S_RUNS].i = (long long)cnt[0];
			for (int q = 0; q < 4; q++)
				v[S_REAL + q].d = cnt[q] ? sum[q] / (double)cnt[q] : NAN;
			bind_row(sc->ins_s, scols, v, S_N);
			rc = step_done(sc->ix, sc->ins_s, err, "writing a summary row");
		}
	return rc;
}

/* The summary rows a result gives: one per distinct filesystem × phase
 * (a repeated pair is one row, the last one written): the cells of its
 * grid, where a repeated pair is one cell too. */
static long long summary_rows(const struct fsb_result *r)
{
	const struct fsb_grid *g = fsb_result_grid(r);
	long long n = 0;

	for (size_t k = 0; k < g->nfs * g->nph; k++)
		n += g->cell[k] != NULL;
	return n;
}

/* Parse one file and write its rows; old_id: its row until now, or 0. */
static int index_file(struct scan *sc, const char *name, const struct stat *st, long long old_id,
		      struct fsb_err *err)
{
	struct val v[R_N];
	struct fsb_result *r = NULL;
	struct fsb_err perr = { 0 };
	char *path = fsb_xasprintf("%s/%s", sc->dir, name);
	long long nsum = 0;
	struct timespec now;
	int rc = 0;

	memset(v, 0, sizeof(v));
	for (int c = 0; c < R_N; c++)
		if (rcols[c].type == T_TEXT)
			v[c].s = "";
	v[R_DIR].i = sc->dir_id;
	v[R_NAME].s = name;
	v[R_SIZE].i = st->st_size;
	v[R_MTIME].i = ns(&st->st_mtim);
	v[R_CTIME].i = ns(&st->st_ctim);
	v[R_INO].i = (long long)st->st_ino;
	/* racy: changed so shortly before this read that a change after it
	 * could carry the same timestamps */
	clock_gettime(CLOCK_REALTIME, &now);
	v[R_RACY].i = ns(&now) - v[R_MTIME].i < RACY_NS || ns(&now) - v[R_CTIME].i < RACY_NS;
	v[R_SORT].i = st->st_mtime;
	v[R_OVERHEAD].d = NAN;
	v[R_ERROR].s = NULL;
	/* the results row is replaced by UNIQUE(dir, name); its summary goes first */
	if (old_id) {
		sqlite3_bind_int64(sc->del_s, 1, old_id);
		rc = step_done(sc->ix, sc->del_s, err, "dropping old summary rows");
		if (rc)
			goto out;
	}
	if (fsb_result_read(path, &r, &perr)) {
		r = NULL;
		v[R_READABLE].i = 0;
		v[R_STATUS].s = "unreadable";
		v[R_ERROR].s = perr.msg;
	} else {
		time_t t = parse_iso(r->started);

		nsum = summary_rows(r);
		v[R_READABLE].i = 1;
		v[R_STATUS].s = fsb_result_status_name(r->status);
		set_text(&v[R_STARTED], r->started);
		set_text(&v[R_FINISHED], r->finished);
		if (t != (time_t)-1)
			v[R_SORT].i = t;
		set_text(&v[R_PROFILE], r->profile);
		set_text(&v[R_TITLE], r->title);
		set_text(&v[R_TOOL], r->tool);
		set_text(&v[R_COMMAND], r->command);
		set_text(&v[R_WORKLOAD], r->workload);
		set_text(&v[R_BASELINE], r->baseline);
		if (r->target.kind != FSB_TARGET_KIND_NONE)
			set_owned(&v[R_TARGET], fsb_xasprintf("%s %s", fsb_target_kind_word(r->target.kind),
							      r->target.path ? r->target.path : ""));
		set_text(&v[R_HOST], r->host.hostname);
		set_text(&v[R_KERNEL], r->host.kernel);
		set_text(&v[R_CPU], r->host.cpu);
		set_owned(&v[R_FILESYSTEMS], join_fs(r));
		set_owned(&v[R_PHASES], join_phases(r));
		v[R_AGED].i = fsb_agefactor_aged(r);
		v[R_REPS].i = r->repeat;
		v[R_OVERHEAD].d = overhead(r);
	}
	v[R_NSUMMARY].i = nsum;
	bind_row(sc->ins_r, rcols, v, R_N);
	rc = step_done(sc->ix, sc->ins_r, err, "writing a result row");
	if (!rc && r)
		rc = insert_summaries(sc, sqlite3_last_insert_rowid(sc->ix->db), r, err);
out:
	for (int c = 0; c < R_N; c++)
		if (v[c].own)
			free((char *)v[c].s);
	fsb_result_free(r);
	free(path);
	return rc;
}

/* ---- the scan --------------------------------------------------------------------------------- */

struct dent {
	char *name;
	struct stat st;
	bool log;
	bool listed;             /* the index gave a row for it */
};

struct known {
	char *name;
	long long id, size, mtime, ctime, ino;
	bool racy, seen;
};

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool has_suffix(const char *s, const char *suf)
{
	size_t n = strlen(s), m = strlen(suf);

	return n > m && strcmp(s + n - m, suf) == 0;
}

/* The *.fsbench regular files of dir, sorted by name, and which have a log. */
static int list_dir(const char *dir, struct dent **out, size_t *nout, struct fsb_err *err)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	struct dent *v = NULL;
	struct fsb_strv logs = { 0 };
	size_t n = 0, cap = 0;

	*out = NULL;
	*nout = 0;
	if (!d) {
		if (errno == ENOENT)
			return 0;
		return fsb_err_set(err, -errno, "cannot read the results directory %s: %s", dir, strerror(errno));
	}
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		if (has_suffix(de->d_name, ".log")) {
			fsb_strv_add(&logs, de->d_name);
			continue;
		}
		if (!has_suffix(de->d_name, ".fsbench"))
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 64;
			v = fsb_xrealloc(v, cap * sizeof(*v));
		}
		memset(&v[n], 0, sizeof(v[n]));
		if (fstatat(dirfd(d), de->d_name, &v[n].st, 0) < 0 || !S_ISREG(v[n].st.st_mode))
			continue;
		v[n++].name = fsb_xstrdup(de->d_name);
	}
	closedir(d);
	if (n)
		qsort(v, n, sizeof(*v), by_name);
	if (logs.n)
		qsort(logs.v, logs.n, sizeof(*logs.v), by_name);
	for (size_t i = 0; i < n && logs.n; i++) {
		/* the engine writes the log next to the result: x.fsbench → x.log */
		char *log = fsb_xasprintf("%.*s.log", (int)(strlen(v[i].name) - 8), v[i].name);

		v[i].log = bsearch(&log, logs.v, logs.n, sizeof(*logs.v), by_name) != NULL;
		free(log);
	}
	fsb_strv_free(&logs);
	*out = v;
	*nout = n;
	return 0;
}

static void free_dents(struct dent *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i].name);
	free(v);
}

static int prepare(struct fsb_index *ix, const char *sql, sqlite3_stmt **st, struct fsb_err *err)
{
	int rc = sqlite3_prepare_v2(ix->db, sql, -1, st, NULL);

	return rc == SQLITE_OK ? 0 : sql_err(ix, rc, err, "preparing a statement");
}

static int load_known(struct scan *sc, struct known **out, size_t *nout, struct fsb_err *err)
{
	sqlite3_stmt *st = NULL;
	struct known *v = NULL;
	size_t n = 0, cap = 0;
	int rc = prepare(sc->ix, "SELECT name, size, mtime_ns, ctime_ns, ino, racy, id FROM results WHERE dir = ?", &st,
			 err);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, sc->dir_id);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (n == cap) {
			cap = cap ? 2 * cap : 64;
			v = fsb_xrealloc(v, cap * sizeof(*v));
		}
		v[n] = (struct known){
			.name = fsb_xstrdup((const char *)sqlite3_column_text(st, 0)),
			.size = sqlite3_column_int64(st, 1),
			.mtime = sqlite3_column_int64(st, 2),
			.ctime = sqlite3_column_int64(st, 3),
			.ino = sqlite3_column_int64(st, 4),
			.racy = sqlite3_column_int64(st, 5) != 0,
			.id = sqlite3_column_int64(st, 6),
		};
		if (!v[n].name)
			v[n].name = fsb_xstrdup("");
		n++;
	}
	sqlite3_finalize(st);
	if (n)
		qsort(v, n, sizeof(*v), by_name);
	*out = v;
	*nout = n;
	return rc == SQLITE_DONE ? 0 : sql_err(sc->ix, rc, err, "reading the known files");
}

static void fill_file(struct fsb_index_file *f, const struct val *v, bool log)
{
	memset(f, 0, sizeof(*f));
	f->name = v[R_NAME].s;
	f->size = v[R_SIZE].i;
	f->mtime_ns = v[R_MTIME].i;
	f->readable = v[R_READABLE].i != 0;
	for (size_t i = 0; i < R_N; i++)
		if (rcols[i].file_text)
			*(const char **)((char *)f + rcols[i].file_text) = v[i].s;
	/* an unreadable file's empty status (or a hand-edited word) stays failed */
	if (fsb_result_status_parse(v[R_STATUS].s, &f->status))
		f->status = FSB_RESULT_FAILED;
	f->when = (time_t)v[R_SORT].i;
	f->aged = v[R_AGED].i != 0;
	f->repetitions = (long)v[R_REPS].i;
	f->overhead = v[R_OVERHEAD].d;
	f->log = log;
}

static int dent_cmp(const void *key, const void *e)
{
	return strcmp(key, ((const struct dent *)e)->name);
}

static int known_cmp(const void *key, const void *e)
{
	return strcmp(key, ((const struct known *)e)->name);
}

/* Every text column is NOT NULL except error; a NULL where the schema
 * forbids it can only be damage that kept the checksum's shape. */
static bool texts_present(const struct val *v)
{
	for (int c = 0; c < R_N; c++)
		if (rcols[c].type == T_TEXT && c != R_ERROR && !v[c].s)
			return false;
	return true;
}

/* The directory's row in dirs, made when create is set; 0 when there is none. */
static int dir_id(struct scan *sc, bool create, struct fsb_err *err)
{
	sqlite3_stmt *st = NULL;
	int rc = 0;

	sc->dir_id = 0;
	if (create) {
		rc = prepare(sc->ix, "INSERT OR IGNORE INTO dirs(path) VALUES(?)", &st, err);
		if (rc)
			return rc;
		sqlite3_bind_text(st, 1, sc->cdir, -1, SQLITE_STATIC);
		rc = step_done(sc->ix, st, err, "adding the directory");
		sqlite3_finalize(st);
		st = NULL;
		if (rc)
			return rc;
	}
	rc = prepare(sc->ix, "SELECT id FROM dirs WHERE path = ?", &st, err);
	if (rc)
		return rc;
	sqlite3_bind_text(st, 1, sc->cdir, -1, SQLITE_STATIC);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		sc->dir_id = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return sql_err(sc->ix, rc, err, "reading the directory");
	if (create && !sc->dir_id)
		return fsb_err_set(err, FSB_ECORRUPT, "result index: the directory row vanished");
	return 0;
}

/* The directory's rows, newest first, to fn (may be NULL), in the scan's
 * transaction: each must match a file listed, and every file have one. */
static int list_rows(struct scan *sc, const char *cols, struct dent *d, size_t nd,
		     int (*fn)(void *, const struct fsb_index_file *), void *ctx, struct fsb_err *err)
{
	struct fsb_index *ix = sc->ix;
	sqlite3_stmt *sel = NULL;
	char *sql_sel;
	size_t listed = 0;
	int rc;

	sql_sel = fsb_xasprintf("SELECT %s FROM results WHERE dir = ? ORDER BY sort_time DESC, name DESC", cols);
	rc = prepare(ix, sql_sel, &sel, err);
	if (rc)
		goto out;
	sqlite3_bind_int64(sel, 1, sc->dir_id);
	while ((rc = sqlite3_step(sel)) == SQLITE_ROW) {
		struct val v[R_N];
		struct fsb_index_file f;
		struct dent *e;

		if (!load_row(sel, rcols, v, R_N) || !texts_present(v) ||
		    !nd || !(e = bsearch(v[R_NAME].s, d, nd, sizeof(*d), dent_cmp)) || e->listed) {
			rc = fsb_err_set(err, FSB_ECORRUPT, "result index %s: a row does not match its checksum",
					 ix->path ? ix->path : "(in memory)");
			goto out;
		}
		e->listed = true;
		listed++;
		fill_file(&f, v, e->log);
		if (fn) {
			rc = fn(ctx, &f);
			if (rc)
				goto out;
		}
	}
	if (rc != SQLITE_DONE) {
		rc = sql_err(ix, rc, err, "listing");
		goto out;
	}
	rc = 0;
	/* a damaged index b-tree can hide rows without any error */
	if (listed != nd) {
		rc = fsb_err_set(err, FSB_ECORRUPT, "result index %s: %zu rows for %zu files",
				 ix->path ? ix->path : "(in memory)", listed, nd);
		goto out;
	}
out:
	sqlite3_finalize(sel);
	free(sql_sel);
	return rc;
}

/* The rows brought up to date with the files listed (d): a file new or
 * changed since its row (k: the rows there were) is read again, the rows
 * of files gone are dropped. */
static int refresh_rows(struct scan *sc, struct dent *d, size_t nd, struct known *k, size_t nk,
			struct fsb_index_stats *stats, struct fsb_err *err)
{
	int rc = 0;

	for (size_t i = 0; i < nd && !rc; i++) {
		/* bsearch wants a real array even for none: k is NULL when empty */
		struct known *m = nk ? bsearch(d[i].name, k, nk, sizeof(*k), known_cmp) : NULL;
		const struct stat *st = &d[i].st;

		if (m) {
			m->seen = true;
			if (!m->racy && m->size == st->st_size && m->mtime == ns(&st->st_mtim) &&
			    m->ctime == ns(&st->st_ctim) && m->ino == (long long)st->st_ino)
				continue;
		}
		rc = index_file(sc, d[i].name, st, m ? m->id : 0, err);
		if (stats)
			stats->parsed++;
	}
	for (size_t i = 0; i < nk && !rc; i++) {
		if (k[i].seen)
			continue;
		sqlite3_bind_int64(sc->del_r, 1, k[i].id);
		rc = step_done(sc->ix, sc->del_r, err, "dropping a row");
		sqlite3_bind_int64(sc->del_s, 1, k[i].id);
		if (!rc)
			rc = step_done(sc->ix, sc->del_s, err, "dropping summary rows");
		if (stats)
			stats->dropped++;
	}
	return rc;
}

static int scan_once(struct scan *sc, int (*fn)(void *, const struct fsb_index_file *), void *ctx,
		     struct fsb_index_stats *stats, struct fsb_err *err)
{
	struct fsb_index *ix = sc->ix;
	struct dent *d = NULL;
	struct known *k = NULL;
	size_t nd = 0, nk = 0;
	char *sql_r = insert_sql("results", rcols, R_N), *sql_s = insert_sql("summary", scols, S_N);
	char *cols = col_list(rcols, R_N, "");
	bool open_tx = false;
	int rc;

	rc = exec(ix, "BEGIN IMMEDIATE", err);
	if (rc)
		goto out;
	open_tx = true;
	/* listed under the write lock: another fsbench that indexed files
	 * added since would otherwise leave rows this listing does not have */
	rc = list_dir(sc->dir, &d, &nd, err);
	if (rc)
		goto out;
	rc = dir_id(sc, true, err);
	if (!rc)
		rc = load_known(sc, &k, &nk, err);
	if (!rc)
		rc = prepare(ix, sql_r, &sc->ins_r, err);
	if (!rc)
		rc = prepare(ix, sql_s, &sc->ins_s, err);
	if (!rc)
		rc = prepare(ix, "DELETE FROM results WHERE id = ?", &sc->del_r, err);
	if (!rc)
		rc = prepare(ix, "DELETE FROM summary WHERE file = ?", &sc->del_s, err);
	if (!rc)
		rc = refresh_rows(sc, d, nd, k, nk, stats, err);
	if (rc)
		goto out;

	/* the list, in the same transaction: what was just checked */
	rc = list_rows(sc, cols, d, nd, fn, ctx, err);
	if (rc)
		goto out;
	if (stats)
		stats->files = nd;
	rc = exec(ix, "COMMIT", err);
	open_tx = rc != 0;
out:
	sqlite3_finalize(sc->ins_r);
	sqlite3_finalize(sc->ins_s);
	sqlite3_finalize(sc->del_r);
	sqlite3_finalize(sc->del_s);
	sc->ins_r = sc->ins_s = sc->del_r = sc->del_s = NULL;
	if (open_tx)
		sqlite3_exec(ix->db, "ROLLBACK", NULL, NULL, NULL);
	for (size_t i = 0; i < nk; i++)
		free(k[i].name);
	free(k);
	free_dents(d, nd);
	free(sql_r);
	free(sql_s);
	free(cols);
	return rc;
}

static char *canonical(const char *dir)
{
	char *c = realpath(dir, NULL);

	return c ? c : fsb_xstrdup(dir);
}

/* Run op; a damaged database is moved aside and op runs again on a fresh
 * one; any other failure of the database (not of the directory) moves to
 * a private index in memory and runs op there.  reset(arg) comes before
 * every second attempt: the caller's callback may have seen rows of the
 * failed one. */
static int with_recovery(struct scan *sc, int (*op)(struct scan *, void *), void (*reset)(void *), void *arg,
			 struct fsb_err *err)
{
	int rc = op(sc, arg);

	if (rc == FSB_ECORRUPT) {
		reset(arg);
		rc = start_afresh(sc->ix, err);
		if (!rc)
			rc = op(sc, arg);
	}
	if (rc == -EIO || rc == FSB_ECORRUPT) {
		reset(arg);
		rc = go_private(sc->ix, err);
		if (!rc)
			rc = op(sc, arg);
	}
	return rc;
}

struct scan_arg {
	int (*fn)(void *, const struct fsb_index_file *);
	void *ctx;
	struct fsb_index_stats *stats;
	struct fsb_err *err;
};

static int op_scan(struct scan *sc, void *arg)
{
	struct scan_arg *a = arg;

	if (a->stats)
		memset(a->stats, 0, sizeof(*a->stats));
	return scan_once(sc, a->fn, a->ctx, a->stats, a->err);
}

static void reset_scan(void *arg)
{
	struct scan_arg *a = arg;

	if (a->fn)
		a->fn(a->ctx, NULL);
}

int fsb_index_scan(struct fsb_index *ix, const char *dir, int (*fn)(void *ctx, const struct fsb_index_file *f),
		   void *ctx, struct fsb_index_stats *st, struct fsb_err *err)
{
	struct scan sc = { .ix = ix, .dir = dir, .cdir = canonical(dir) };
	struct scan_arg a = { .fn = fn, .ctx = ctx, .stats = st, .err = err };
	int rc;

	rc = with_recovery(&sc, op_scan, reset_scan, &a, err);
	if (st) {
		st->rebuilt = ix->rebuilt;
		st->in_memory = ix->path == NULL;
	}
	free(sc.cdir);
	return rc;
}

/* ---- the summaries ----------------------------------------------------------------------------- */

struct sum_arg {
	const char *profile;
	int (*fn)(void *, const struct fsb_index_summary *);
	void *ctx;
	struct fsb_err *err;
	bool rescan;             /* the index was started afresh: read dir first */
};

struct expect {
	char *name;
	long long id, n, seen;
};

static int expect_cmp(const void *key, const void *e)
{
	long long a = *(const long long *)key, b = ((const struct expect *)e)->id;

	return a < b ? -1 : a > b;
}

static int by_id(const void *a, const void *b)
{
	return expect_cmp(&((const struct expect *)a)->id, b);
}

/* sql with ? for the directory, then ? for the profile. */
static int prepare_profile(struct scan *sc, const char *sql, const char *profile, sqlite3_stmt **st,
			   struct fsb_err *err)
{
	int rc = prepare(sc->ix, sql, st, err);

	if (rc)
		return rc;
	sqlite3_bind_int64(*st, 1, sc->dir_id);
	sqlite3_bind_text(*st, 2, profile, -1, SQLITE_STATIC);
	return 0;
}

/* The profile's readable results in the directory, by id, each with the
 * number of summary rows it has, into *out (the caller frees it, also on
 * error). */
static int load_expected(struct scan *sc, struct sum_arg *a, struct expect **out, size_t *nout)
{
	sqlite3_stmt *st = NULL;
	struct expect *x = NULL;
	size_t nx = 0, cap = 0;
	char *cols = col_list(rcols, R_N, "");
	char *sql = fsb_xasprintf("SELECT %s, id FROM results WHERE dir = ? AND profile = ? AND readable = 1", cols);
	int rc = prepare_profile(sc, sql, a->profile, &st, a->err);

	if (rc)
		goto out;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct val v[R_N];

		if (!load_row(st, rcols, v, R_N) || !texts_present(v)) {
			rc = fsb_err_set(a->err, FSB_ECORRUPT, "result index: a row does not match its checksum");
			goto out;
		}
		if (nx == cap) {
			cap = cap ? 2 * cap : 64;
			x = fsb_xrealloc(x, cap * sizeof(*x));
		}
		x[nx++] = (struct expect){ .name = fsb_xstrdup(v[R_NAME].s), .id = sqlite3_column_int64(st, R_N + 1),
					   .n = v[R_NSUMMARY].i };
	}
	if (rc != SQLITE_DONE) {
		rc = sql_err(sc->ix, rc, a->err, "reading results");
		goto out;
	}
	rc = 0;
	if (nx)
		qsort(x, nx, sizeof(*x), by_id);
out:
	sqlite3_finalize(st);
	free(sql);
	free(cols);
	*out = x;
	*nout = nx;
	return rc;
}

static int op_summaries(struct scan *sc, void *arg)
{
	struct sum_arg *a = arg;
	struct fsb_index *ix = sc->ix;
	sqlite3_stmt *st = NULL;
	struct expect *x = NULL;
	size_t nx = 0;
	char *scol = col_list(scols, S_N, "s."), *sql = NULL;
	bool open_tx = false;
	int rc = 0;

	if (a->rescan)
		rc = scan_once(sc, NULL, NULL, NULL, a->err);
	if (!rc)
		rc = exec(ix, "BEGIN", a->err);
	if (rc)
		goto out;
	open_tx = true;
	rc = dir_id(sc, false, a->err);
	if (!rc)
		rc = load_expected(sc, a, &x, &nx);
	if (rc)
		goto out;
	sql = fsb_xasprintf("SELECT %s FROM summary s JOIN results r ON r.id = s.file"
			    " WHERE r.dir = ? AND r.profile = ? AND r.readable = 1", scol);
	rc = prepare_profile(sc, sql, a->profile, &st, a->err);
	if (rc)
		goto out;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct val v[S_N];
		struct expect *e;
		struct fsb_index_summary s;

		if (!load_row(st, scols, v, S_N) || !v[S_FS].s || !v[S_PHASE].s ||
		    !nx || !(e = bsearch(&v[S_FILE].i, x, nx, sizeof(*x), expect_cmp))) {
			rc = fsb_err_set(a->err, FSB_ECORRUPT, "result index: a summary row does not match its checksum");
			goto out;
		}
		e->seen++;
		s = (struct fsb_index_summary){ .file = e->name, .fs = v[S_FS].s, .phase = v[S_PHASE].s,
						.runs = (long)v[S_RUNS].i, .real = v[S_REAL].d, .user = v[S_USER].d,
						.sys = v[S_SYS].d, .sync = v[S_SYNC].d };
		if (a->fn && (rc = a->fn(a->ctx, &s)))
			goto out;
	}
	if (rc != SQLITE_DONE) {
		rc = sql_err(ix, rc, a->err, "reading summaries");
		goto out;
	}
	rc = 0;
	for (size_t i = 0; i < nx && !rc; i++)
		if (x[i].seen != x[i].n)
			rc = fsb_err_set(a->err, FSB_ECORRUPT, "result index: %s has %lld of its %lld summary rows",
					 x[i].name, x[i].seen, x[i].n);
out:
	sqlite3_finalize(st);
	if (open_tx)
		sqlite3_exec(ix->db, rc ? "ROLLBACK" : "COMMIT", NULL, NULL, NULL);
	for (size_t i = 0; i < nx; i++)
		free(x[i].name);
	free(x);
	free(sql);
	free(scol);
	return rc;
}

static void reset_summaries(void *arg)
{
	struct sum_arg *a = arg;

	a->rescan = true;
	if (a->fn)
		a->fn(a->ctx, NULL);
}

int fsb_index_summaries(struct fsb_index *ix, const char *dir, const char *profile,
			int (*fn)(void *ctx, const struct fsb_index_summary *s), void *ctx, struct fsb_err *err)
{
	struct scan sc = { .ix = ix, .dir = dir, .cdir = canonical(dir) };
	struct sum_arg a = { .profile = profile, .fn = fn, .ctx = ctx, .err = err };
	int rc = with_recovery(&sc, op_summaries, reset_summaries, &a, err);

	free(sc.cdir);
	return rc;
}
