/* crisk_game_playouts: many random playouts from one position on several
 * threads, counted by how they end.  Each worker plays on a game of its own,
 * copied from the position before each playout (crisk_game_copy only reads
 * its source, and nothing writes the position during the call); playout i
 * draws from a stream of its own (splitmix64 of seed + i), so the counts do
 * not depend on the number of threads. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "catanrisk/errors.h"
#include "catanrisk/game.h"
#include "catanrisk/record.h"
#include "catanrisk/view.h"
#include "error.h"
#include "rules_impl.h"
#include "splitmix.h"

#define PLAYOUTS_MAX_THREADS 256
#define PLAYOUTS_MESSAGE 256
#define PLAYOUTS_STACK ((size_t)2 << 20)

typedef struct worker {
	struct batch *b;
	crisk_game *play; /* the game this worker plays on */
	uint64_t *wins;           /* per seat, this worker's counts */
	uint64_t unfinished, steps;
	size_t failed_at;         /* the lowest playout index that failed here, or SIZE_MAX */
	int rc;
	char message[PLAYOUTS_MESSAGE];
	pthread_t id;
	int started;
} worker;

typedef struct batch {
	const crisk_game *from; /* the position */
	size_t n;
	uint64_t skip_types, max_steps, seed;
	int seats;
	atomic_size_t next; /* the next playout index to take */
} batch;

static void *work(void *arg)
{
	worker *w = arg;
	batch *b = w->b;
	w->failed_at = SIZE_MAX;
	for (;;) {
		size_t i = atomic_fetch_add_explicit(&b->next, 1, memory_order_relaxed);
		if (i >= b->n)
			break;
		uint64_t mix = b->seed + (uint64_t)i, rng = splitmix64_next(&mix), steps = 0;
		int rc = crisk_game_copy(w->play, b->from);
		if (!rc)
			rc = crisk_game_playout(w->play, b->skip_types, b->max_steps, &rng, &steps);
		w->steps += steps;
		if (rc) {
			/* The lowest failing index wins, whichever thread met it first. */
			if (i < w->failed_at) {
				w->failed_at = i;
				w->rc = rc;
				snprintf(w->message, sizeof w->message, "%s", crisk_error_last());
			}
			continue;
		}
		int winner = -1;
		int status = crisk_game_status(w->play, &winner);
		if (status == CRISK_STATUS_WON && winner >= 0 && winner < b->seats)
			w->wins[winner]++;
		else
			w->unfinished++;
	}
	return NULL;
}

/* The worker's game: the event log, undo and recording off, which a
 * playout's result does not need. */
static int worker_game(worker *w, const crisk_game *game)
{
	int rc = crisk_game_clone(&w->play, game);
	if (!rc)
		rc = crisk_game_set_event_capacity(w->play, 0);
	if (!rc)
		rc = crisk_game_set_undo_depth(w->play, 0);
	if (!rc)
		rc = crisk_game_set_recording(w->play, 0);
	return rc;
}

CRISK_API int crisk_game_playouts(const crisk_game *game, size_t n, unsigned threads, uint64_t skip_types,
				  uint64_t max_steps, uint64_t seed, uint64_t *wins, size_t n_wins, uint64_t *unfinished,
				  uint64_t *steps)
{
	if (unfinished)
		*unfinished = 0;
	if (steps)
		*steps = 0;
	if (!game || !wins)
		return err_set(CRISK_EINVAL, "crisk_game_playouts: %s is NULL", game ? "wins" : "game");
	if (threads < 1 || threads > PLAYOUTS_MAX_THREADS)
		return err_set(CRISK_EINVAL, "crisk_game_playouts: %u threads; 1..%d are possible", threads,
			       PLAYOUTS_MAX_THREADS);
	int seats = game->rules->seats;
	if (n_wins < (size_t)seats)
		return err_set(CRISK_EBUFSIZE, "crisk_game_playouts: wins has %zu entries, the game has %d seats", n_wins,
			       seats);
	memset(wins, 0, n_wins * sizeof *wins);
	if (n == 0)
		return CRISK_OK;
	if ((size_t)threads > n)
		threads = (unsigned)n;
	batch b = {.from = game, .n = n, .skip_types = skip_types, .max_steps = max_steps, .seed = seed, .seats = seats};
	atomic_init(&b.next, 0);
	worker *ws = calloc(threads, sizeof *ws);
	uint64_t *counts = calloc((size_t)threads * (size_t)seats, sizeof *counts);
	int rc = ws && counts ? CRISK_OK : err_set(CRISK_ENOMEM, "crisk_game_playouts: out of memory");
	unsigned made = 0;
	for (; !rc && made < threads; made++) {
		ws[made].b = &b;
		ws[made].wins = counts + (size_t)made * (size_t)seats;
		rc = worker_game(&ws[made], game);
	}
	if (!rc) {
		/* Workers 1.. on threads of their own, worker 0 on the caller's.  A
		 * thread that cannot start (a build without threads) leaves its
		 * share to the others. */
		pthread_attr_t attr;
		int have_attr = pthread_attr_init(&attr) == 0;
		/* A stack the muhq AI's copies fit on (docs/api.md, Threads), whatever
		 * the platform's default for new threads. */
		if (have_attr)
			pthread_attr_setstacksize(&attr, PLAYOUTS_STACK);
		for (unsigned t = 1; t < threads; t++)
			ws[t].started = pthread_create(&ws[t].id, have_attr ? &attr : NULL, work, &ws[t]) == 0;
		if (have_attr)
			pthread_attr_destroy(&attr);
		work(&ws[0]);
		for (unsigned t = 1; t < threads; t++) {
			if (ws[t].started)
				pthread_join(ws[t].id, NULL);
		}
		size_t first = SIZE_MAX;
		const worker *failed = NULL;
		for (unsigned t = 0; t < threads; t++) {
			const worker *w = &ws[t];
			for (int s = 0; s < seats; s++)
				wins[s] += w->wins[s];
			if (unfinished)
				*unfinished += w->unfinished;
			if (steps)
				*steps += w->steps;
			if (w->failed_at < first) {
				first = w->failed_at;
				failed = w;
			}
		}
		if (failed)
			rc = err_set(failed->rc, "crisk_game_playouts: playout %zu: %s", first, failed->message);
	}
	for (unsigned t = 0; ws && t < made; t++)
		crisk_game_free(ws[t].play);
	free(ws);
	free(counts);
	return rc;
}
