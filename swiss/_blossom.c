/*
 * Exact maximum-weight matching on general graphs with arbitrary-precision
 * non-negative integer weights.
 *
 * Edmonds' blossom algorithm with a primal-dual method, O(n^3): stages that
 * each grow alternating trees from every free vertex until an augmenting path
 * is found or the duals prove optimality. The bookkeeping (endpoints, labels,
 * nested blossoms with their child cycles, least-slack edges per vertex and
 * per S-blossom) follows the classic formulation of Galil's survey, "Efficient
 * algorithms for finding maximum matching in graphs" (1986).
 *
 * Numbers: weights are converted once per call to signed fixed-width integers
 * of L 64-bit limbs (two's complement, little-endian limbs), wide enough for
 * every dual and slack of that call. Weights are doubled so that halving the
 * slack of an edge between two S-blossoms is always exact. Slack of edge k is
 * dual[i] + dual[j] - 2 * w'[k], where w' = 2 * w; the array tw holds 2 * w'.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__x86_64__)
#include <x86intrin.h>
#endif
#ifndef __SIZEOF_INT128__
#error "swiss._blossom needs a compiler with 128-bit integers"
#endif

typedef uint64_t limb;
typedef __int128 wide;

typedef struct {
    int n, m, L;
    int nweights;   /* distinct edge weights */
    int *endpoint;  /* 2m: endpoint[2k], endpoint[2k+1] are the ends of edge k */
    int *nbstart;   /* n+1: CSR offsets into nb */
    int *nb;        /* remote endpoints p of the edges at each vertex */
    int *nbv;       /* the vertex at each of those endpoints */
    wide *nbtop;    /* top2 of the edge's tw, per adjacency entry: read in order while scanning */
    wide *dtop;     /* n: top2 of each vertex dual */
    wide *bstw;     /* 2n: top2 of tw of bestedge[x] ... */
    int *bsa, *bsb; /* 2n: ... and its ends, so the filter reads no edge array */
    limb *tw;       /* L limbs per distinct weight, ascending: twice the doubled weight */
    int *wrank;     /* m: the rank of edge k's weight among the distinct weights, its row in tw */
    int *dclass;    /* n: vertices of equal dclass have equal duals (not necessarily conversely) */
    int *dremap;    /* 3n scratch, all -1 between uses: new dclass by old dclass and label */
    uint32_t *tightchk; /* m: 2 * dualstep + (slack <= 0) when edge k was last tested, 0 if never */
    uint32_t dualstep;  /* how many times the duals changed, from 1; vertex duals change nowhere else */
    limb *dual;     /* 2n*L: vertex duals, then blossom duals */
    int *mate;      /* n: remote endpoint of the matched edge, or -1 */
    int *label;     /* 2n: 0 free, 1 S, 2 T (5 marks a vertex during scan_blossom) */
    int *labelend;  /* 2n: endpoint through which the label was given */
    int *inblossom; /* n: top-level blossom of each vertex */
    int *parent;    /* 2n: enclosing blossom, or -1 */
    int *base;      /* 2n: base vertex, or -1 for an unused blossom */
    int *bestedge;  /* 2n: least-slack edge as in the stage's bookkeeping, or -1 */
    int *nchild;    /* 2n: cycle length of a blossom (child and endps arrays) */
    int **childs;   /* n: children of blossom n+i, nchild of them, allocated as it forms */
    int **endps;    /* n: endpoints joining consecutive children */
    int *nbbest;    /* 2n: length of the best-edge list of an S-blossom, -1 when none */
    int **bbest;    /* n: best edges of blossom n+i to other S-blossoms, or NULL */
    int *unused;    /* free blossom numbers, a stack */
    int nunused;
    unsigned char *allowedge; /* m */
    int *queue;
    int qlen, qcap;
    int *bestto;    /* 2n scratch, all -1 between uses */
    int *touched;   /* 2n scratch: the entries of bestto set since its last use */
    int ntouched;
    int *lbuf;      /* 2n scratch stack for blossom leaves */
    int ltop;
    int *path;      /* 2n scratch for scan_blossom */
    limb *s1, *delta; /* L-limb scratch numbers */
    int oom;
} Ctx;

/* ---- fixed-width signed arithmetic ---- */

static inline limb *DUAL(const Ctx *c, int v) { return c->dual + (size_t)v * c->L; }
static inline limb *TW(const Ctx *c, int k) { return c->tw + (size_t)c->wrank[k] * c->L; }

/* out = dual[i] + dual[j] - tw[k] */
static inline void slack_into(const Ctx *c, int k, limb *out)
{
    const int L = c->L;
    const limb *a = DUAL(c, c->endpoint[2 * k]);
    const limb *b = DUAL(c, c->endpoint[2 * k + 1]);
    const limb *w = TW(c, k);
#if defined(__x86_64__)
    unsigned char carry = 0, borrow = 0;
    for (int l = 0; l < L; l++) {
        unsigned long long sum, diff;
        carry = _addcarry_u64(carry, a[l], b[l], &sum);
        borrow = _subborrow_u64(borrow, sum, w[l], &diff);
        out[l] = diff;
    }
#else
    wide carry = 0;
    for (int l = 0; l < L; l++) {
        wide t = (wide)a[l] + b[l] - w[l] + carry;
        out[l] = (limb)t;
        carry = t >> 64;
    }
#endif
}

/* The top two limbs of x as a signed number. */
static inline wide top2(const limb *x, int L)
{
    return (wide)(((unsigned __int128)x[L - 1] << 64) | x[L - 2]);
}

/* Slacks shifted right by 64 * (L - 2) bits are approximated, give or take one, from the
   top two limbs of the three terms: the lower limbs carry at most one unit either way. */

static inline int cmp_signed(const limb *x, const limb *y, int L)
{
    if (x[L - 1] != y[L - 1])
        return (int64_t)x[L - 1] < (int64_t)y[L - 1] ? -1 : 1;
    for (int l = L - 2; l >= 0; l--)
        if (x[l] != y[l])
            return x[l] < y[l] ? -1 : 1;
    return 0;
}

static inline int is_zero(const limb *x, int L)
{
    for (int l = 0; l < L; l++)
        if (x[l])
            return 0;
    return 1;
}

static inline void add_to(limb *x, const limb *y, int L)
{
    wide carry = 0;
    for (int l = 0; l < L; l++) {
        wide t = (wide)x[l] + y[l] + carry;
        x[l] = (limb)t;
        carry = t >> 64;
    }
}

static inline void sub_from(limb *x, const limb *y, int L)
{
    wide carry = 0;
    for (int l = 0; l < L; l++) {
        wide t = (wide)x[l] - y[l] + carry;
        x[l] = (limb)t;
        carry = t >> 64;
    }
}

/* Arithmetic shift right by one bit. */
static inline void halve(limb *x, int L)
{
    for (int l = 0; l < L - 1; l++)
        x[l] = (x[l] >> 1) | (x[l + 1] << 63);
    x[L - 1] = (limb)((int64_t)x[L - 1] >> 1);
}

/* Exact signs of sums of a few numbers, read from the most significant limb down and
   stopped as soon as the limbs below cannot change the answer. After limb l, T is the sum of
   the terms shifted right by 64 * l bits (each rounded down), so the true sum lies strictly
   between T - (number of subtracted terms) and T + (number of added terms), in units of
   2^(64 l). Weights often share their high limbs and differ only in the low ones, while
   slacks mostly differ within the first few limbs: most calls read a handful of limbs, and
   none writes a full-width number. */

#define LIMB_UNIT ((wide)1 << 64)

/* Whether slack(k) <= 0. */
static inline int slack_nonpositive(const Ctx *c, int k)
{
    int l = c->L - 1;
    const limb *a = DUAL(c, c->endpoint[2 * k]);
    const limb *b = DUAL(c, c->endpoint[2 * k + 1]);
    const limb *w = TW(c, k);
    wide t = (wide)(int64_t)a[l] + (int64_t)b[l] - (int64_t)w[l];
    for (;;) {
        if (t >= 1)
            return 0;
        if (t <= -2)
            return 1;
        if (l == 0)
            return t <= 0;
        l--;
        t = t * LIMB_UNIT + a[l] + b[l] - (wide)w[l];
    }
}

/* The sign of slack(k) - slack(j). When the ends of k and j have pairwise equal duals, the
   weights decide, by rank; that is also how most equal slacks are recognised. */
static inline int slack_cmp(const Ctx *c, int k, int j)
{
    const int *dc = c->dclass;
    int ka = dc[c->endpoint[2 * k]], kb = dc[c->endpoint[2 * k + 1]];
    int ja = dc[c->endpoint[2 * j]], jb = dc[c->endpoint[2 * j + 1]];
    if ((ka == ja && kb == jb) || (ka == jb && kb == ja)) {
        int rk = c->wrank[k], rj = c->wrank[j];
        return rk < rj ? 1 : rk > rj ? -1 : 0;
    }
    int l = c->L - 1;
    const limb *a = DUAL(c, c->endpoint[2 * k]);
    const limb *b = DUAL(c, c->endpoint[2 * k + 1]);
    const limb *w = TW(c, k);
    const limb *x = DUAL(c, c->endpoint[2 * j]);
    const limb *y = DUAL(c, c->endpoint[2 * j + 1]);
    const limb *z = TW(c, j);
    wide t = (wide)(int64_t)a[l] + (int64_t)b[l] - (int64_t)w[l] - (int64_t)x[l] - (int64_t)y[l] +
             (int64_t)z[l];
    for (;;) {
        if (t >= 3)
            return 1;
        if (t <= -3)
            return -1;
        if (l == 0)
            return t > 0 ? 1 : t < 0 ? -1 : 0;
        l--;
        t = t * LIMB_UNIT + a[l] + b[l] - (wide)w[l] - (wide)x[l] - (wide)y[l] + z[l];
    }
}

/* Whether slack(k) < slack(j); j may be -1, meaning no edge yet. */
static inline int slack_less(const Ctx *c, int k, int j)
{
    return j == -1 || slack_cmp(c, k, j) < 0;
}

/* bestedge[x] = k when slack(k) is less than the slack of bestedge[x]. t approximates slack(k)
   (see top2): most comparisons are settled by the top limbs, the rest by slack_cmp. */
static inline void improve_best(Ctx *c, int x, int k, wide t, int v, int w, wide twtop)
{
    int j = c->bestedge[x];
    if (j != -1) {
        wide tj = c->dtop[c->bsa[x]] + c->dtop[c->bsb[x]] - c->bstw[x];
        if (t >= tj + 3)
            return;
        if (t > tj - 3 && slack_cmp(c, k, j) >= 0)
            return;
    }
    c->bestedge[x] = k;
    c->bsa[x] = v;
    c->bsb[x] = w;
    c->bstw[x] = twtop;
}

/* bestedge[x] = k, with what improve_best needs to know about it. */
static void note_best(Ctx *c, int x, int k)
{
    c->bestedge[x] = k;
    c->bsa[x] = c->endpoint[2 * k];
    c->bsb[x] = c->endpoint[2 * k + 1];
    c->bstw[x] = top2(TW(c, k), c->L);
}

/* ---- small helpers ---- */

static void qpush(Ctx *c, int v)
{
    if (c->qlen == c->qcap) {
        int cap = c->qcap * 2;
        int *q = realloc(c->queue, (size_t)cap * sizeof(int));
        if (!q) {
            c->oom = 1;
            return;
        }
        c->queue = q;
        c->qcap = cap;
    }
    c->queue[c->qlen++] = v;
}

static inline int *CHILDS(const Ctx *c, int b) { return c->childs[b - c->n]; }
static inline int *ENDPS(const Ctx *c, int b) { return c->endps[b - c->n]; }
static inline int *BBEST(const Ctx *c, int b) { return c->bbest[b - c->n]; }

/* Forget the best-edge list of blossom b. */
static void drop_bbest(Ctx *c, int b)
{
    free(c->bbest[b - c->n]);
    c->bbest[b - c->n] = NULL;
    c->nbbest[b] = -1;
}

/* Push the vertices of blossom b onto lbuf; returns how many. */
static int leaves(Ctx *c, int b)
{
    if (b < c->n) {
        c->lbuf[c->ltop++] = b;
        return 1;
    }
    int count = 0;
    const int *ch = CHILDS(c, b);
    for (int i = 0; i < c->nchild[b]; i++)
        count += leaves(c, ch[i]);
    return count;
}

static inline int wrap(int j, int len) { return j < 0 ? j + len : j; }

static void reverse(int *a, int lo, int hi)
{
    for (hi--; lo < hi; lo++, hi--) {
        int t = a[lo];
        a[lo] = a[hi];
        a[hi] = t;
    }
}

static void rotate_left(int *a, int len, int i)
{
    reverse(a, 0, i);
    reverse(a, i, len);
    reverse(a, 0, len);
}

/* ---- the algorithm ---- */

/* Where child sits in a blossom's cycle, and how to walk from it to the base (index 0)
   along the even-length side: j counts down from the position, or up from it minus len;
   trick picks the endpoint of each joining edge that faces the walk. */
static int walk_from(const int *ch, int len, int child, int *j, int *jstep, int *trick)
{
    int i = 0;
    while (ch[i] != child)
        i++;
    if (i & 1) {
        *j = i - len;
        *jstep = 1;
        *trick = 0;
    } else {
        *j = i;
        *jstep = -1;
        *trick = 1;
    }
    return i;
}

/* Label the top blossom of w with t (1 = S, 2 = T), reached through endpoint p. */
static void assign_label(Ctx *c, int w, int t, int p)
{
    int b = c->inblossom[w];
    c->label[w] = c->label[b] = t;
    c->labelend[w] = c->labelend[b] = p;
    c->bestedge[w] = c->bestedge[b] = -1;
    if (t == 1) {
        int start = c->ltop;
        int count = leaves(c, b);
        for (int i = 0; i < count; i++)
            qpush(c, c->lbuf[start + i]);
        c->ltop = start;
    } else {
        int mb = c->mate[c->base[b]];
        assign_label(c, c->endpoint[mb], 1, mb ^ 1);
    }
}

/* Trace back from S-vertices v and w: the base of a new blossom, or -1 for an augmenting path. */
static int scan_blossom(Ctx *c, int v, int w)
{
    int npath = 0, base = -1;
    while (v != -1 || w != -1) {
        int b = c->inblossom[v];
        if (c->label[b] & 4) {
            base = c->base[b];
            break;
        }
        c->path[npath++] = b;
        c->label[b] = 5;
        if (c->labelend[b] == -1) {
            v = -1;
        } else {
            v = c->endpoint[c->labelend[b]];
            b = c->inblossom[v];
            v = c->endpoint[c->labelend[b]];
        }
        if (w != -1) {
            int t = v;
            v = w;
            w = t;
        }
    }
    for (int i = 0; i < npath; i++)
        c->label[c->path[i]] = 1;
    return base;
}

static void consider_best(Ctx *c, int b, int k)
{
    int i = c->endpoint[2 * k], j = c->endpoint[2 * k + 1];
    if (c->inblossom[j] == b)
        j = i;
    int bj = c->inblossom[j];
    if (bj != b && c->label[bj] == 1 && slack_less(c, k, c->bestto[bj])) {
        if (c->bestto[bj] == -1)
            c->touched[c->ntouched++] = bj;
        c->bestto[bj] = k;
    }
}

static int int_cmp(const void *x, const void *y)
{
    int a = *(const int *)x, b = *(const int *)y;
    return (a > b) - (a < b);
}

/* Make a new blossom with the given base from the S-S edge k that closes a cycle. */
static void add_blossom(Ctx *c, int base, int k)
{
    const int n = c->n;
    int v = c->endpoint[2 * k], w = c->endpoint[2 * k + 1];
    int bb = c->inblossom[base], bv = c->inblossom[v], bw = c->inblossom[w];
    /* Count the cycle first: its arrays are allocated before anything changes. */
    int cycle = 1;
    for (int x = bv; x != bb; x = c->inblossom[c->endpoint[c->labelend[x]]])
        cycle++;
    for (int x = bw; x != bb; x = c->inblossom[c->endpoint[c->labelend[x]]])
        cycle++;
    int *ch = malloc((size_t)cycle * sizeof(int)), *ep = malloc((size_t)cycle * sizeof(int));
    if (!ch || !ep) {
        free(ch);
        free(ep);
        c->oom = 1;
        return;
    }
    int b = c->unused[--c->nunused];
    c->childs[b - n] = ch;
    c->endps[b - n] = ep;
    int len = 0;
    c->base[b] = base;
    c->parent[b] = -1;
    c->parent[bb] = b;
    while (bv != bb) {
        c->parent[bv] = b;
        ch[len] = bv;
        ep[len] = c->labelend[bv];
        len++;
        v = c->endpoint[c->labelend[bv]];
        bv = c->inblossom[v];
    }
    ch[len++] = bb;
    reverse(ch, 0, len);
    reverse(ep, 0, len - 1);
    ep[len - 1] = 2 * k;
    while (bw != bb) {
        c->parent[bw] = b;
        ch[len] = bw;
        ep[len] = c->labelend[bw] ^ 1;
        len++;
        w = c->endpoint[c->labelend[bw]];
        bw = c->inblossom[w];
    }
    c->nchild[b] = len;
    c->label[b] = 1;
    c->labelend[b] = c->labelend[bb];
    memset(DUAL(c, b), 0, (size_t)c->L * sizeof(limb));

    int start = c->ltop;
    int count = leaves(c, b);
    for (int i = 0; i < count; i++) {
        int x = c->lbuf[start + i];
        if (c->label[c->inblossom[x]] == 2)
            qpush(c, x); /* a former T-vertex is now S: scan it */
        c->inblossom[x] = b;
    }
    c->ltop = start;

    /* Least-slack edges from the new blossom to every other S-blossom. */
    for (int i = 0; i < len; i++) {
        int sub = ch[i];
        if (sub < n || c->nbbest[sub] < 0) {
            int s = c->ltop;
            int cnt = leaves(c, sub);
            for (int q = 0; q < cnt; q++) {
                int x = c->lbuf[s + q];
                for (int e = c->nbstart[x]; e < c->nbstart[x + 1]; e++)
                    consider_best(c, b, c->nb[e] >> 1);
            }
            c->ltop = s;
        } else {
            const int *list = BBEST(c, sub);
            for (int q = 0; q < c->nbbest[sub]; q++)
                consider_best(c, b, list[q]);
        }
        if (sub >= n)
            drop_bbest(c, sub);
        c->bestedge[sub] = -1;
    }
    /* The blossoms reached, in ascending order as a scan of bestto would meet them (the first
       of equal slacks wins); a large bracket forms thousands of blossoms, and scanning all
       2n entries for each took most of its solve. */
    int nmine = c->ntouched;
    qsort(c->touched, (size_t)nmine, sizeof(int), int_cmp);
    c->ntouched = 0;
    /* Without memory for the list, the blossom has none and its leaves' edges are read. */
    int *mine = nmine ? malloc((size_t)nmine * sizeof(int)) : NULL, q = 0;
    c->bestedge[b] = -1;
    for (int i = 0; i < nmine; i++) {
        int j = c->touched[i], e = c->bestto[j];
        if (mine)
            mine[q++] = e;
        c->bestto[j] = -1;
        if (slack_less(c, e, c->bestedge[b]))
            c->bestedge[b] = e;
    }
    if (c->bestedge[b] != -1)
        note_best(c, b, c->bestedge[b]);
    c->bbest[b - n] = mine;
    c->nbbest[b] = mine || !nmine ? nmine : -1;
}

/* Undo blossom b; at the end of a stage its zero-dual sub-blossoms go too. */
static void expand_blossom(Ctx *c, int b, int endstage)
{
    const int n = c->n;
    int *ch = CHILDS(c, b), *ep = ENDPS(c, b);
    int len = c->nchild[b];
    for (int i = 0; i < len; i++) {
        int s = ch[i];
        c->parent[s] = -1;
        if (s < n) {
            c->inblossom[s] = s;
        } else if (endstage && is_zero(DUAL(c, s), c->L)) {
            expand_blossom(c, s, endstage);
        } else {
            int start = c->ltop;
            int count = leaves(c, s);
            for (int q = 0; q < count; q++)
                c->inblossom[c->lbuf[start + q]] = s;
            c->ltop = start;
        }
    }
    if (!endstage && c->label[b] == 2) {
        /* Relabel the children on the even-length path from the entry child to the base. */
        int entrychild = c->inblossom[c->endpoint[c->labelend[b] ^ 1]];
        int j, jstep, trick;
        walk_from(ch, len, entrychild, &j, &jstep, &trick);
        int p = c->labelend[b];
        while (j != 0) {
            c->label[c->endpoint[p ^ 1]] = 0;
            c->label[c->endpoint[ep[wrap(j - trick, len)] ^ trick ^ 1]] = 0;
            assign_label(c, c->endpoint[p ^ 1], 2, p);
            c->allowedge[ep[wrap(j - trick, len)] >> 1] = 1;
            j += jstep;
            p = ep[wrap(j - trick, len)] ^ trick;
            c->allowedge[p >> 1] = 1;
            j += jstep;
        }
        int bv = ch[wrap(j, len)];
        c->label[c->endpoint[p ^ 1]] = c->label[bv] = 2;
        c->labelend[c->endpoint[p ^ 1]] = c->labelend[bv] = p;
        c->bestedge[bv] = -1;
        j += jstep;
        while (ch[wrap(j, len)] != entrychild) {
            bv = ch[wrap(j, len)];
            if (c->label[bv] == 1) {
                j += jstep;
                continue;
            }
            /* A child reached by a least-slack edge from outside keeps a T-label on one vertex. */
            int start = c->ltop;
            int count = leaves(c, bv);
            int found = -1;
            for (int q = 0; q < count; q++) {
                if (c->label[c->lbuf[start + q]] != 0) {
                    found = c->lbuf[start + q];
                    break;
                }
            }
            c->ltop = start;
            if (found != -1) {
                c->label[found] = 0;
                c->label[c->endpoint[c->mate[c->base[bv]]]] = 0;
                assign_label(c, found, 2, c->labelend[found]);
            }
            j += jstep;
        }
    }
    c->label[b] = c->labelend[b] = -1;
    c->nchild[b] = 0;
    free(ch);
    free(ep);
    c->childs[b - n] = c->endps[b - n] = NULL;
    c->base[b] = -1;
    drop_bbest(c, b);
    c->bestedge[b] = -1;
    c->unused[c->nunused++] = b;
}

/* Swap matched and unmatched edges on the even path through blossom b from vertex v to the base. */
static void augment_blossom(Ctx *c, int b, int v)
{
    const int n = c->n;
    int t = v;
    while (c->parent[t] != b)
        t = c->parent[t];
    if (t >= n)
        augment_blossom(c, t, v);
    int *ch = CHILDS(c, b), *ep = ENDPS(c, b);
    int len = c->nchild[b];
    int j, jstep, trick;
    int i = walk_from(ch, len, t, &j, &jstep, &trick);
    while (j != 0) {
        j += jstep;
        t = ch[wrap(j, len)];
        int p = ep[wrap(j - trick, len)] ^ trick;
        if (t >= n)
            augment_blossom(c, t, c->endpoint[p]);
        j += jstep;
        t = ch[wrap(j, len)];
        if (t >= n)
            augment_blossom(c, t, c->endpoint[p ^ 1]);
        c->mate[c->endpoint[p]] = p ^ 1;
        c->mate[c->endpoint[p ^ 1]] = p;
    }
    rotate_left(ch, len, i);
    rotate_left(ep, len, i);
    c->base[b] = c->base[ch[0]];
}

/* Augment along the path through S-S edge k and the two tree paths to the roots. */
static void augment_matching(Ctx *c, int k)
{
    const int n = c->n;
    for (int side = 0; side < 2; side++) {
        int s = c->endpoint[2 * k + side];
        int p = 2 * k + 1 - side;
        for (;;) {
            int bs = c->inblossom[s];
            if (bs >= n)
                augment_blossom(c, bs, s);
            c->mate[s] = p;
            if (c->labelend[bs] == -1)
                break;
            int t = c->endpoint[c->labelend[bs]];
            int bt = c->inblossom[t];
            s = c->endpoint[c->labelend[bt]];
            int j = c->endpoint[c->labelend[bt] ^ 1];
            if (bt >= n)
                augment_blossom(c, bt, j);
            c->mate[j] = c->labelend[bt];
            p = c->labelend[bt] ^ 1;
        }
    }
}

/* Lengthen the greedy start by augmenting paths of three tight edges: a free vertex v,
   a matched neighbour u, u's mate w and a free neighbour x of w give v-u and w-x for u-w.
   A greedy start often pairs two vertices that each had a free neighbour (in a bracket,
   two players of S1 where S2 players were left); each such path saves a stage of the
   algorithm, and the matching stays one of tight edges. A mate w found with no free
   neighbour keeps none (vertices are only matched here), so it is not scanned again:
   the extension reads each adjacency list a few times at most. */
static void extend_start(Ctx *c)
{
    unsigned char *spent = calloc((size_t)c->n, 1);
    if (!spent)
        return; /* the greedy start alone is valid */
    for (int v = 0; v < c->n; v++) {
        int tries = 0;
        for (int e = c->nbstart[v]; c->mate[v] == -1 && e < c->nbstart[v + 1] && tries < 8; e++) {
            int p = c->nb[e], u = c->nbv[e];
            if (c->mate[u] == -1 || !slack_nonpositive(c, p >> 1))
                continue;
            int q = c->mate[u], w = c->endpoint[q];
            if (spent[w])
                continue;
            tries++;
            int found = 0, nextv = 0;
            for (int f = c->nbstart[w]; f < c->nbstart[w + 1] && !found; f++) {
                int r = c->nb[f], x = c->nbv[f];
                if (c->mate[x] != -1 || !slack_nonpositive(c, r >> 1))
                    continue;
                if (x == v) {
                    nextv = 1; /* w may yet serve another free vertex, with v as x */
                    continue;
                }
                c->mate[v] = p; /* v's remote endpoint is u's */
                c->mate[u] = p ^ 1;
                c->mate[w] = r;
                c->mate[x] = r ^ 1;
                found = 1;
            }
            spent[w] = !found && !nextv;
        }
    }
    free(spent);
}

/* ---- the start: duals and a matching of tight edges ---- */

/*
 * Any start will do whose duals leave no slack negative, whose matched edges are tight, and
 * whose free vertices have equal duals, the least of all. The plain start puts every dual at
 * half the top weight: only the top-weight edges are tight, for a greedy matching. A
 * bracket's graph often has a few hubs, players (MDPs) whose bonuses or scores make their
 * edges the heaviest: the greedy matching then pairs one hub and nothing else, and each
 * other pair costs the algorithm a stage, a scan of the whole graph.
 *
 * So a level r below the top may be taken instead: every dual at D = tw[r] / 2 but those of
 * a set H of hubs that touches every edge heavier than rank r, a hub h at its heaviest
 * incident weight tw[top(h)] less D, and matched to a non-hub along such an edge. No slack
 * is then negative (an edge at a hub has at least its hub's heaviest weight in duals, any
 * other weighs at most 2D), the hubs' edges are tight, the free vertices' duals are all D,
 * no dual is less, and the edges of rank r between non-hubs are tight, for the greedy
 * matching. Of the levels tried, the one whose start matches most is taken; the top level,
 * where H is empty, is the plain start.
 */
typedef struct {
    int *top;          /* n: the highest rank at each vertex */
    int *heavy;        /* n: edges heavier than the level at each vertex */
    unsigned char *hub;
    int *edge;         /* n: the edge each vertex is matched by, or -1 */
} Start;

/* The start at level r: how many pairs it matches, or -1 when no hub set is found (one hub
   has no free non-hub neighbour along its heaviest edges, or the hubs would be too many). */
static int start_at(Ctx *c, Start *s, int r)
{
    const int n = c->n, m = c->m;
    int hubs = 0, pairs = 0;
    for (int v = 0; v < n; v++) {
        s->heavy[v] = 0;
        s->hub[v] = 0;
        s->edge[v] = -1;
    }
    for (int k = 0; k < m; k++) {
        if (c->wrank[k] > r) {
            s->heavy[c->endpoint[2 * k]]++;
            s->heavy[c->endpoint[2 * k + 1]]++;
        }
    }
    /* Hubs: for each heavy edge not yet touched, its end with more heavy edges. */
    for (int k = 0; k < m; k++) {
        int i = c->endpoint[2 * k], j = c->endpoint[2 * k + 1];
        if (c->wrank[k] > r && !s->hub[i] && !s->hub[j]) {
            s->hub[s->heavy[j] > s->heavy[i] ? j : i] = 1;
            if (++hubs > n / 8)
                return -1;
        }
    }
    for (int h = 0; h < n; h++) {
        if (!s->hub[h])
            continue;
        for (int e = c->nbstart[h]; e < c->nbstart[h + 1] && s->edge[h] < 0; e++) {
            int k = c->nb[e] >> 1, x = c->nbv[e];
            if (c->wrank[k] == s->top[h] && !s->hub[x] && s->edge[x] < 0) {
                s->edge[h] = s->edge[x] = k;
                pairs++;
            }
        }
        if (s->edge[h] < 0)
            return -1;
    }
    for (int k = 0; k < m; k++) {
        int i = c->endpoint[2 * k], j = c->endpoint[2 * k + 1];
        if (c->wrank[k] == r && !s->hub[i] && !s->hub[j] && s->edge[i] < 0 && s->edge[j] < 0) {
            s->edge[i] = s->edge[j] = k;
            pairs++;
        }
    }
    return pairs;
}

/* Set the duals and the matching of the best start (see above), then lengthen it. Returns
   0, or -1 when memory ran out. */
static int start(Ctx *c)
{
    const int n = c->n, L = c->L, top = c->nweights - 1;
    Start s;
    s.top = malloc((size_t)n * sizeof(int) + 1);
    s.heavy = malloc((size_t)n * sizeof(int) + 1);
    s.hub = malloc((size_t)n + 1);
    s.edge = malloc((size_t)n * sizeof(int) + 1);
    if (!s.top || !s.heavy || !s.hub || !s.edge) {
        free(s.top);
        free(s.heavy);
        free(s.hub);
        free(s.edge);
        return -1;
    }
    for (int v = 0; v < n; v++) {
        s.top[v] = -1;
        for (int e = c->nbstart[v]; e < c->nbstart[v + 1]; e++)
            if (c->wrank[c->nb[e] >> 1] > s.top[v])
                s.top[v] = c->wrank[c->nb[e] >> 1];
    }
    /* The levels: the top and a few below it, while a start could still match more. */
    int best = top, most = start_at(c, &s, top);
    for (int r = top - 1; r >= 0 && r >= top - 6 && 2 * most < n - 1; r--) {
        int pairs = start_at(c, &s, r);
        if (pairs > most) {
            most = pairs;
            best = r;
        }
    }
    start_at(c, &s, best);
    limb *d = c->delta;
    memcpy(d, c->tw + (size_t)best * L, (size_t)L * sizeof(limb));
    halve(d, L);
    int hubs = 0;
    for (int v = 0; v < n; v++) {
        limb *dual = DUAL(c, v);
        if (s.hub[v]) {
            memcpy(dual, c->tw + (size_t)s.top[v] * L, (size_t)L * sizeof(limb));
            sub_from(dual, d, L);
            c->dclass[v] = ++hubs;
        } else {
            memcpy(dual, d, (size_t)L * sizeof(limb));
            c->dclass[v] = 0;
        }
        c->dtop[v] = top2(dual, L);
        int k = s.edge[v];
        if (k >= 0)
            c->mate[v] = c->endpoint[2 * k] == v ? 2 * k + 1 : 2 * k;
    }
    free(s.top);
    free(s.heavy);
    free(s.hub);
    free(s.edge);
    extend_start(c);
    return 0;
}

/* Run the algorithm; returns 0, or -1 when memory ran out. */
static int solve(Ctx *c)
{
    const int n = c->n, L = c->L;
    limb *delta = c->delta, *d = c->s1;
    for (int stage = 0; stage < n; stage++) {
        for (int b = 0; b < 2 * n; b++) {
            c->label[b] = 0;
            c->bestedge[b] = -1;
            if (b >= n)
                drop_bbest(c, b);
        }
        memset(c->allowedge, 0, (size_t)c->m);
        c->qlen = 0;
        for (int v = 0; v < n; v++)
            if (c->mate[v] == -1 && c->label[c->inblossom[v]] == 0)
                assign_label(c, v, 1, -1);
        int augmented = 0;
        for (;;) {
            while (c->qlen > 0 && !augmented) {
                if (c->oom)
                    return -1;
                int v = c->queue[--c->qlen];
                int bv = c->inblossom[v];
                for (int e = c->nbstart[v]; e < c->nbstart[v + 1]; e++) {
                    int p = c->nb[e], k = p >> 1, w = c->nbv[e];
                    int bw = c->inblossom[w];
                    if (bv == bw)
                        continue;
                    int tight = c->allowedge[k];
                    wide t = 0;
                    if (!tight) {
                        t = c->dtop[v] + c->dtop[w] - c->nbtop[e];
                        if (t < 2) { /* else slack(k) > 0 for sure */
                            uint32_t chk = c->tightchk[k];
                            if (chk >> 1 != c->dualstep) {
                                chk = 2 * c->dualstep + (uint32_t)slack_nonpositive(c, k);
                                c->tightchk[k] = chk;
                            }
                            if (chk & 1)
                                tight = c->allowedge[k] = 1;
                        }
                    }
                    if (tight) {
                        if (c->label[bw] == 0) {
                            assign_label(c, w, 2, p ^ 1);
                        } else if (c->label[bw] == 1) {
                            int base = scan_blossom(c, v, w);
                            if (base >= 0) {
                                add_blossom(c, base, k);
                                bv = c->inblossom[v];
                            } else {
                                augment_matching(c, k);
                                augmented = 1;
                                break;
                            }
                        } else if (c->label[w] == 0) {
                            c->label[w] = 2;
                            c->labelend[w] = p ^ 1;
                        }
                    } else if (c->label[bw] == 1) {
                        improve_best(c, bv, k, t, v, w, c->nbtop[e]);
                    } else if (c->label[w] == 0) {
                        improve_best(c, w, k, t, v, w, c->nbtop[e]);
                    }
                }
            }
            if (c->oom)
                return -1;
            if (augmented)
                break;

            /* No augmenting path with tight edges: change the duals. */
            int deltatype = 1, deltaedge = -1, deltablossom = -1;
            memcpy(delta, DUAL(c, 0), (size_t)L * sizeof(limb));
            for (int v = 1; v < n; v++)
                if (cmp_signed(DUAL(c, v), delta, L) < 0)
                    memcpy(delta, DUAL(c, v), (size_t)L * sizeof(limb));
            for (int v = 0; v < n; v++) {
                if (c->label[c->inblossom[v]] == 0 && c->bestedge[v] != -1) {
                    slack_into(c, c->bestedge[v], d);
                    if (cmp_signed(d, delta, L) < 0) {
                        memcpy(delta, d, (size_t)L * sizeof(limb));
                        deltatype = 2;
                        deltaedge = c->bestedge[v];
                    }
                }
            }
            for (int b = 0; b < 2 * n; b++) {
                if (c->parent[b] == -1 && c->label[b] == 1 && c->bestedge[b] != -1 &&
                    (b < n || c->base[b] >= 0)) {
                    slack_into(c, c->bestedge[b], d);
                    halve(d, L);
                    if (cmp_signed(d, delta, L) < 0) {
                        memcpy(delta, d, (size_t)L * sizeof(limb));
                        deltatype = 3;
                        deltaedge = c->bestedge[b];
                    }
                }
            }
            for (int b = n; b < 2 * n; b++) {
                if (c->base[b] >= 0 && c->parent[b] == -1 && c->label[b] == 2 &&
                    cmp_signed(DUAL(c, b), delta, L) < 0) {
                    memcpy(delta, DUAL(c, b), (size_t)L * sizeof(limb));
                    deltatype = 4;
                    deltablossom = b;
                }
            }
            if (++c->dualstep == 0x7fffffff) {
                c->dualstep = 1;
                memset(c->tightchk, 0, (size_t)c->m * sizeof(uint32_t));
            }
            int nclass = 0;
            for (int v = 0; v < n; v++) {
                int lb = c->label[c->inblossom[v]];
                if (lb == 1)
                    sub_from(DUAL(c, v), delta, L);
                else if (lb == 2)
                    add_to(DUAL(c, v), delta, L);
                int *slot = &c->dremap[3 * c->dclass[v] + (lb == 1 ? 1 : lb == 2 ? 2 : 0)];
                if (*slot < 0)
                    *slot = nclass++;
                c->dclass[v] = *slot;
            }
            for (int i = 0; i < 3 * n; i++)
                c->dremap[i] = -1;
            for (int b = n; b < 2 * n; b++) {
                if (c->base[b] >= 0 && c->parent[b] == -1) {
                    if (c->label[b] == 1)
                        add_to(DUAL(c, b), delta, L);
                    else if (c->label[b] == 2)
                        sub_from(DUAL(c, b), delta, L);
                }
            }
            for (int v = 0; v < n; v++)
                c->dtop[v] = top2(DUAL(c, v), L);
            if (deltatype == 1) {
                break; /* a free vertex reached dual zero: optimal */
            } else if (deltatype == 2) {
                c->allowedge[deltaedge] = 1;
                int i = c->endpoint[2 * deltaedge];
                if (c->label[c->inblossom[i]] == 0)
                    i = c->endpoint[2 * deltaedge + 1];
                qpush(c, i);
            } else if (deltatype == 3) {
                c->allowedge[deltaedge] = 1;
                qpush(c, c->endpoint[2 * deltaedge]);
            } else {
                expand_blossom(c, deltablossom, 0);
            }
        }
        if (c->oom)
            return -1;
        if (!augmented)
            break;
        for (int b = n; b < 2 * n; b++)
            if (c->parent[b] == -1 && c->base[b] >= 0 && c->label[b] == 1 && is_zero(DUAL(c, b), L))
                expand_blossom(c, b, 1);
    }
    return 0;
}

/* ---- Python binding ---- */

static void ctx_free(Ctx *c)
{
    free(c->endpoint);
    free(c->nbstart);
    free(c->nb);
    free(c->tw);
    free(c->wrank);
    free(c->dclass);
    free(c->dremap);
    free(c->tightchk);
    free(c->dual);
    free(c->mate);
    free(c->label);
    free(c->labelend);
    free(c->inblossom);
    free(c->parent);
    free(c->base);
    free(c->bestedge);
    free(c->nchild);
    for (int i = 0; i < c->n; i++) {
        if (c->childs)
            free(c->childs[i]);
        if (c->endps)
            free(c->endps[i]);
        if (c->bbest)
            free(c->bbest[i]);
    }
    free(c->childs);
    free(c->endps);
    free(c->nbbest);
    free(c->bbest);
    free(c->unused);
    free(c->allowedge);
    free(c->queue);
    free(c->bestto);
    free(c->touched);
    free(c->lbuf);
    free(c->path);
    free(c->s1);
    free(c->delta);
    free(c->nbv);
    free(c->nbtop);
    free(c->dtop);
    free(c->bstw);
    free(c->bsa);
    free(c->bsb);
}

static int ctx_alloc(Ctx *c)
{
    size_t n = (size_t)c->n, m = (size_t)c->m, L = (size_t)c->L;
    size_t nn = n ? n : 1;
    c->endpoint = malloc(2 * m * sizeof(int) + 1);
    c->nbstart = calloc(n + 1, sizeof(int));
    c->nb = malloc(2 * m * sizeof(int) + 1);
    c->wrank = malloc(m * sizeof(int) + 1);
    c->dclass = calloc(nn, sizeof(int));
    c->dremap = malloc(3 * nn * sizeof(int));
    c->tightchk = calloc(m + 1, sizeof(uint32_t));
    c->dualstep = 1;
    c->dual = calloc(2 * nn * L, sizeof(limb));
    c->mate = malloc(nn * sizeof(int));
    c->label = malloc(2 * nn * sizeof(int));
    c->labelend = malloc(2 * nn * sizeof(int));
    c->inblossom = malloc(nn * sizeof(int));
    c->parent = malloc(2 * nn * sizeof(int));
    c->base = malloc(2 * nn * sizeof(int));
    c->bestedge = malloc(2 * nn * sizeof(int));
    c->nchild = calloc(2 * nn, sizeof(int));
    c->childs = calloc(nn, sizeof(int *));
    c->endps = calloc(nn, sizeof(int *));
    c->nbbest = malloc(2 * nn * sizeof(int));
    c->bbest = calloc(nn, sizeof(int *));
    c->unused = malloc(nn * sizeof(int));
    c->allowedge = malloc(m + 1);
    c->qcap = (int)(4 * nn + 16);
    c->queue = malloc((size_t)c->qcap * sizeof(int));
    c->bestto = malloc(2 * nn * sizeof(int));
    c->touched = malloc(2 * nn * sizeof(int));
    c->lbuf = malloc(2 * nn * sizeof(int));
    c->path = malloc(2 * nn * sizeof(int));
    c->s1 = malloc(L * sizeof(limb));
    c->delta = malloc(L * sizeof(limb));
    c->nbv = malloc(2 * m * sizeof(int) + 1);
    c->nbtop = malloc(2 * m * sizeof(wide) + 1);
    c->dtop = malloc(nn * sizeof(wide));
    c->bstw = malloc(2 * nn * sizeof(wide));
    c->bsa = malloc(2 * nn * sizeof(int));
    c->bsb = malloc(2 * nn * sizeof(int));
    if (!c->endpoint || !c->nbstart || !c->nb || !c->wrank || !c->dclass || !c->dremap || !c->tightchk || !c->dual || !c->mate || !c->label ||
        !c->labelend || !c->inblossom || !c->parent || !c->base || !c->bestedge || !c->nchild ||
        !c->childs || !c->endps || !c->nbbest || !c->bbest || !c->unused || !c->allowedge ||
        !c->queue || !c->bestto || !c->touched || !c->lbuf || !c->path || !c->s1 || !c->delta ||
        !c->nbv || !c->nbtop || !c->dtop || !c->bstw ||
        !c->bsa || !c->bsb)
        return -1;
    for (size_t i = 0; i < 3 * n; i++)
        c->dremap[i] = -1;
    for (size_t v = 0; v < n; v++) {
        c->mate[v] = -1;
        c->inblossom[v] = (int)v;
    }
    for (size_t b = 0; b < 2 * n; b++) {
        c->labelend[b] = -1;
        c->parent[b] = -1;
        c->base[b] = b < n ? (int)b : -1;
        c->bestto[b] = -1;
        c->nbbest[b] = -1;
    }
    /* Popped from the end: blossom numbers are used from 2n-1 down, deterministically. */
    for (size_t i = 0; i < n; i++)
        c->unused[i] = (int)(n + i);
    c->nunused = (int)n;
    return 0;
}

/* Number the distinct weights vals[0..count-1] (L limbs each) in ascending order: rank[i] is
   the rank of vals[i], and c->tw holds one copy of each distinct weight, so that equal
   weights compare by rank. Returns 0, or -1 when memory ran out. */
static int rank_weights(Ctx *c, const limb *vals, int count, int *rank)
{
    const int L = c->L;
    int *order = malloc((size_t)count * sizeof(int) + 1), *tmp = malloc((size_t)count * sizeof(int) + 1);
    c->tw = malloc((size_t)(count ? count : 1) * L * sizeof(limb));
    if (!order || !tmp || !c->tw) {
        free(order);
        free(tmp);
        return -1;
    }
    for (int k = 0; k < count; k++)
        order[k] = k;
    /* Bottom-up merge sort of the indices by weight. */
    for (int width = 1; width < count; width *= 2) {
        for (int lo = 0; lo < count; lo += 2 * width) {
            int mid = lo + width < count ? lo + width : count;
            int hi = lo + 2 * width < count ? lo + 2 * width : count;
            int i = lo, j = mid, o = lo;
            while (i < mid && j < hi) {
                if (cmp_signed(vals + (size_t)order[j] * L, vals + (size_t)order[i] * L, L) < 0)
                    tmp[o++] = order[j++];
                else
                    tmp[o++] = order[i++];
            }
            while (i < mid)
                tmp[o++] = order[i++];
            while (j < hi)
                tmp[o++] = order[j++];
        }
        int *t = order;
        order = tmp;
        tmp = t;
    }
    int nw = 0;
    for (int i = 0; i < count; i++) {
        const limb *w = vals + (size_t)order[i] * L;
        if (nw == 0 || cmp_signed(c->tw + (size_t)(nw - 1) * L, w, L) != 0)
            memcpy(c->tw + (size_t)nw++ * L, w, (size_t)L * sizeof(limb));
        rank[order[i]] = nw - 1;
    }
    free(order);
    free(tmp);
    c->nweights = nw;
    return 0;
}

/* A view of a buffer of C ints (format 'i', as array('i') holds them), read in place while
   held: the exporter cannot resize it meanwhile. NULL with an exception set, and view->obj
   NULL, so that PyBuffer_Release of a view {0} or of a refused one does nothing. */
static const int *int_view(PyObject *obj, const char *what, Py_buffer *view, Py_ssize_t *len)
{
    if (!PyObject_CheckBuffer(obj)) {
        PyErr_Format(PyExc_TypeError, "%s must be a buffer of C ints, such as array('i')", what);
        return NULL;
    }
    if (PyObject_GetBuffer(obj, view, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0)
        return NULL;
    if (view->itemsize != (Py_ssize_t)sizeof(int) || !view->format || strcmp(view->format, "i") != 0) {
        PyBuffer_Release(view);
        PyErr_Format(PyExc_TypeError, "%s must be a buffer of C ints, such as array('i')", what);
        return NULL;
    }
    *len = view->len / view->itemsize;
    return (const int *)view->buf;
}

/* The bit length of a non-negative exact int, through its public bit_length(); -1 on error. */
static long long bits_of(PyObject *w)
{
    PyObject *bits = PyObject_CallMethod(w, "bit_length", NULL);
    if (!bits)
        return -1;
    long long value = PyLong_AsLongLong(bits);
    Py_DECREF(bits);
    return value;
}

/* w (non-negative, below 2**(64 L - 1)) as L little-endian limbs, through the public
   to_bytes(); -1 on error. */
static int limbs_of(PyObject *w, limb *dst, int L)
{
    PyObject *bytes = PyObject_CallMethod(w, "to_bytes", "ns", (Py_ssize_t)L * 8, "little");
    if (!bytes)
        return -1;
    const unsigned char *b = (const unsigned char *)PyBytes_AS_STRING(bytes);
    for (int l = 0; l < L; l++) {
        limb x = 0;
        for (int q = 7; q >= 0; q--)
            x = (x << 8) | b[8 * l + q];
        dst[l] = x;
    }
    Py_DECREF(bytes);
    return 0;
}

static int bit_length_of(Py_ssize_t x)
{
    int bits = 0;
    while (x > 0) {
        bits++;
        x >>= 1;
    }
    return bits;
}

/* The blossom forest after a solve, for the edges' reduced costs: an edge's slack gains
   twice the dual of each blossom holding both its ends, that is of its ends' lowest common
   enclosing blossom and of every blossom above it. Each node (vertex or blossom in use) has
   its depth and, for a blossom, twice the sum of its dual and its ancestors' duals (cum, L
   limbs per node). The lowest common blossom of two nodes is the shallowest node between
   their first visits in an Euler tour of the forest (the trees one after another, each
   closed by a mark of depth -1), found in a table of the shallowest tour position of every
   run of 2^l positions: two lookups an edge. The nesting of a large bracket's blossoms runs
   hundreds deep: walking both ends' chains for every edge took longer than the solve
   itself, and lifting by powers of two still took most of a pricing pass. */
typedef struct {
    int *depth;
    limb *cum;
    int *tour, *tdepth; /* the tour's nodes (-1: the mark after a tree) and their depths */
    int *first;         /* each node's first position in the tour */
    int *shallow;       /* shallow[l * tourlen + i]: the shallowest position of i .. i + 2^l - 1 */
    int tourlen;
} Forest;

static void forest_free(Forest *f)
{
    free(f->depth);
    free(f->cum);
    free(f->tour);
    free(f->tdepth);
    free(f->first);
    free(f->shallow);
}

/* Returns 0, or -1 when memory ran out. */
static int forest_build(Ctx *c, Forest *f)
{
    const int n = c->n, L = c->L, nodes = 2 * n;
    memset(f, 0, sizeof *f);
    f->depth = malloc((size_t)(nodes ? nodes : 1) * sizeof(int));
    f->cum = calloc((size_t)(nodes ? nodes : 1) * L, sizeof(limb));
    int *path = c->path; /* 2n scratch: a chain of nodes whose depth is not known yet */
    if (!f->depth || !f->cum)
        return -1;
    for (int x = 0; x < nodes; x++)
        f->depth[x] = -1;
    int tops = 0;
    for (int x = 0; x < nodes; x++) {
        if (f->depth[x] >= 0 || (x >= n && c->base[x] < 0))
            continue;
        int len = 0;
        for (int y = x; y != -1 && f->depth[y] < 0; y = c->parent[y])
            path[len++] = y;
        /* From the topmost node not yet known down to x. */
        for (int i = len - 1; i >= 0; i--) {
            int y = path[i], p = c->parent[y];
            f->depth[y] = p == -1 ? 0 : f->depth[p] + 1;
            if (y >= n) {
                limb *cy = f->cum + (size_t)y * L;
                if (p != -1)
                    memcpy(cy, f->cum + (size_t)p * L, (size_t)L * sizeof(limb));
                add_to(cy, DUAL(c, y), L);
                add_to(cy, DUAL(c, y), L);
            }
        }
    }
    /* The Euler tour: a node, then after each child's tour the node again. */
    for (int x = 0; x < nodes; x++)
        tops += f->depth[x] == 0;
    size_t cap = 2 * (size_t)nodes + (size_t)tops + 1;
    f->tour = malloc(cap * sizeof(int));
    f->tdepth = malloc(cap * sizeof(int));
    f->first = malloc((size_t)(nodes ? nodes : 1) * sizeof(int));
    int *next = malloc((size_t)(nodes ? nodes : 1) * sizeof(int)); /* the next child to visit */
    if (!f->tour || !f->tdepth || !f->first || !next) {
        free(next);
        return -1;
    }
    int len = 0;
    for (int top = 0; top < nodes; top++) {
        if (f->depth[top] != 0)
            continue;
        int sp = 0;
        path[sp++] = top; /* the stack of nodes entered */
        next[top] = 0;
        f->first[top] = len;
        f->tour[len] = top;
        f->tdepth[len++] = 0;
        while (sp > 0) {
            int y = path[sp - 1];
            if (y >= n && next[y] < c->nchild[y]) {
                int child = CHILDS(c, y)[next[y]++];
                path[sp++] = child;
                next[child] = 0;
                f->first[child] = len;
                f->tour[len] = child;
                f->tdepth[len++] = f->depth[child];
                continue;
            }
            sp--;
            if (sp > 0) {
                f->tour[len] = path[sp - 1];
                f->tdepth[len++] = f->depth[path[sp - 1]];
            }
        }
        f->tour[len] = -1;
        f->tdepth[len++] = -1;
    }
    free(next);
    f->tourlen = len;
    int levels = len ? bit_length_of(len) : 1;
    f->shallow = malloc((size_t)levels * (len ? len : 1) * sizeof(int));
    if (!f->shallow)
        return -1;
    for (int i = 0; i < len; i++)
        f->shallow[i] = i;
    for (int l = 1; l < levels; l++) {
        const int *below = f->shallow + (size_t)(l - 1) * len;
        int *row = f->shallow + (size_t)l * len, half = 1 << (l - 1);
        for (int i = 0; i + (1 << l) <= len; i++) {
            int x = below[i], y = below[i + half];
            row[i] = f->tdepth[y] < f->tdepth[x] ? y : x;
        }
    }
    return 0;
}

/* The lowest blossom holding both a and b (distinct vertices), or -1. */
static int forest_meet(const Forest *f, int a, int b)
{
    if (f->depth[a] == 0 || f->depth[b] == 0)
        return -1; /* a top node is in no blossom but itself */
    int i = f->first[a], j = f->first[b];
    if (i > j) {
        int t = i;
        i = j;
        j = t;
    }
    int l = 31 - __builtin_clz((unsigned)(j - i + 1));
    const int *row = f->shallow + (size_t)l * f->tourlen;
    int x = row[i], y = row[j - (1 << l) + 1];
    return f->tour[f->tdepth[y] < f->tdepth[x] ? y : x];
}

static int is_positive(const limb *x, int L)
{
    return !is_zero(x, L) && (wide)(int64_t)x[L - 1] >= 0;
}

/* The sign of the reduced cost of an edge between inner vertices a and b of weight rank r
   under the final duals: its slack plus twice the duals of the blossoms holding both ends.
   The blossom duals are never negative, so a slack positive for sure from the top limbs
   (twtop[r] is top2 of tw[r]) settles most edges without the blossom walk. */
static int reduced_sign(Ctx *c, const Forest *f, const wide *twtop, int a, int b, int r)
{
    const int L = c->L;
    if (c->dtop[a] + c->dtop[b] - twtop[r] >= 2)
        return 1;
    limb *rc = c->s1;
    const limb *x = DUAL(c, a), *y = DUAL(c, b), *w = c->tw + (size_t)r * L;
    wide carry = 0;
    for (int l = 0; l < L; l++) {
        wide t = (wide)x[l] + y[l] - w[l] + carry;
        rc[l] = (limb)t;
        carry = t >> 64;
    }
    int meet = forest_meet(f, a, b);
    if (meet >= 0)
        add_to(rc, f->cum + (size_t)meet * L, L);
    return is_zero(rc, L) ? 0 : (int64_t)rc[L - 1] < 0 ? -1 : 1;
}

/* What a solve returns: the matching; with DUALS also the tight edges, the vertices of
   positive dual and the blossoms of positive dual (see max_weight_matching_duals). */
enum { PLAIN, DUALS };

/* The caller's graph, read in place: edge e joins heads[e] and tails[e], inner vertices
   newid[...] (-1 for a vertex without edges), and weighs the distinct weight of rank
   rankof[wid[e]] (-1: weight zero, no edge). */
typedef struct {
    Py_ssize_t m;
    const int *heads, *tails, *wid;
    const int *newid, *rankof;
} Graph;

/* The solver of the edges sel[0..count-1] (caller numbers, ascending) on n inner vertices,
   with the distinct weights tw (L limbs each) borrowed; solved. Returns 0, or -1 when memory
   ran out. */
static int solve_edges(Ctx *c, const Graph *g, const int *sel, int count, int n, int L, limb *tw,
                       int nweights)
{
    memset(c, 0, sizeof *c);
    c->n = n;
    c->m = count;
    c->L = L;
    if (ctx_alloc(c) < 0)
        return -1;
    c->tw = tw;
    c->nweights = nweights;
    for (int k = 0; k < count; k++) {
        int e = sel[k];
        c->endpoint[2 * k] = g->newid[g->heads[e]];
        c->endpoint[2 * k + 1] = g->newid[g->tails[e]];
        c->wrank[k] = g->rankof[g->wid[e]];
    }
    /* Adjacency lists of remote endpoints, in edge order. */
    for (int k = 0; k < c->m; k++) {
        c->nbstart[c->endpoint[2 * k] + 1]++;
        c->nbstart[c->endpoint[2 * k + 1] + 1]++;
    }
    for (int v = 0; v < c->n; v++)
        c->nbstart[v + 1] += c->nbstart[v];
    int *fill = c->bestto; /* borrowed as a cursor array, restored below */
    for (int v = 0; v < c->n; v++)
        fill[v] = c->nbstart[v];
    for (int k = 0; k < c->m; k++) {
        for (int side = 0; side < 2; side++) {
            int e = fill[c->endpoint[2 * k + side]]++;
            c->nb[e] = 2 * k + 1 - side;
            c->nbv[e] = c->endpoint[2 * k + 1 - side];
            c->nbtop[e] = top2(TW(c, k), L);
        }
    }
    for (int v = 0; v < c->n; v++)
        fill[v] = -1;
    if (c->m == 0)
        return 0;
    if (start(c) < 0)
        return -1;
    return solve(c);
}

/*
 * A dense graph (a large bracket is a complete graph of a million edges) is solved on a
 * sparse set of candidate edges first, and the rest priced with the optimal duals found
 * (docs/dutch.md §9): an edge of negative reduced cost joins the candidates and the solve
 * is repeated, until none is left. The duals are then feasible for the whole graph, and
 * with the matching they satisfy complementary slackness (its edges tight, every vertex of
 * positive dual matched, every blossom of positive dual full), so the matching is a
 * maximum-weight matching of the whole graph and the duals optimal for it: exact, and the
 * solve scans only the candidates at each stage.
 *
 * The candidates: some n * CANDIDATES edges (see pick_candidates). Each pricing adds, at
 * each vertex, the ADDED * CANDIDATES edges of most negative reduced cost found there, and
 * the solve starts over on the larger set (from scratch: the re-solves are most of the time
 * where the first candidates are far off): in a bracket the loop ends after a few rounds
 * (measured in docs/dutch.md §9). Sparser graphs are solved whole: pricing passes would cost
 * more than they save.
 */
#define CANDIDATES 10
/* 30: the 10,000-player forfeits round 3 of seed 7 took 61 / 46.5 / 35.3 / 37.6 CPU s with
   10 / 20 / 30 / 60 (the same pairing); fewer restarts outweigh larger re-solves. */
#define ADDED 30
#define BY_POSITION 2 /* see pick_candidates */
#define SPARSE_DEGREE 8 /* a mean degree above SPARSE_DEGREE * CANDIDATES: the sparse solve */

static inline uint64_t spread(int a, int b)
{
    uint64_t x = a < b ? ((uint64_t)a << 32 | (uint32_t)b) : ((uint64_t)b << 32 | (uint32_t)a);
    x ^= x >> 31;
    x *= 0x9E3779B97F4A7C15ull;
    x ^= x >> 29;
    return x >> 32;
}

/* Offer edge e of key k to vertex v's min-heap of the K greatest keys offered. */
static inline void heap_offer(wide *key, int *edge, int *count, int K, int v, wide k, int e)
{
    wide *h = key + (size_t)v * K;
    int *he = edge + (size_t)v * K;
    int i;
    if (count[v] < K) {
        i = count[v]++;
        while (i > 0 && h[(i - 1) / 2] > k) {
            h[i] = h[(i - 1) / 2];
            he[i] = he[(i - 1) / 2];
            i = (i - 1) / 2;
        }
    } else {
        if (k <= h[0])
            return;
        i = 0;
        for (;;) {
            int s = 2 * i + 1;
            if (s >= K)
                break;
            if (s + 1 < K && h[s + 1] < h[s])
                s++;
            if (h[s] >= k)
                break;
            h[i] = h[s];
            he[i] = he[s];
            i = s;
        }
    }
    h[i] = k;
    he[i] = e;
}

/* The candidates, the union of three sets: two of at most n * K / 2 edges each. Each vertex's K
   heaviest edges, ties broken by a hash of the pair so that they spread over the tied
   partners (the caller's order would crowd them on the first ones); and a greedy K-matching
   (a greedy matching in which every vertex may take K edges): the edges taken heaviest
   first while both ends have fewer than K, so that the few vertices whose edges all weigh
   most (a bracket's MDPs), which are every vertex's heaviest, take K each and the rest find
   partners among themselves too. The greedy reads the edges in passes of a few weight ranks
   each, in the caller's order within a pass. And the edges by position: a bracket's vertices
   come in rank order and its optimum pairs mostly the i-th of the top half with the i-th of
   the bottom half, so the edges from vertex i to i +- n/2 +- BY_POSITION and to its
   neighbours i +- 1..BY_POSITION: where the heaviest edges lead away from the optimum (a
   score group whose heaviest pairs are among themselves while the optimum pairs them across)
   they save most of the pricing rounds (docs/dutch.md §9). Sets the candidates' bits in
   `in`, lists them in *out (ascending) and returns their number, or -1 when memory ran out. */
static Py_ssize_t pick_candidates(const Graph *g, int n, int nweights, int K, unsigned char *in, int **out)
{
    Py_ssize_t *hist = calloc((size_t)nweights + 1, sizeof(Py_ssize_t)), total = 0;
    int *degree = calloc((size_t)n + 1, sizeof(int)), *edge = malloc((size_t)n * K * sizeof(int) + 1);
    wide *key = malloc((size_t)n * K * sizeof(wide) + 1);
    if (!hist || !degree || !edge || !key) {
        total = -1;
        goto done;
    }
    for (Py_ssize_t e = 0; e < g->m; e++) {
        int r = g->rankof[g->wid[e]];
        if (r < 0)
            continue;
        hist[r]++;
        int a = g->newid[g->heads[e]], b = g->newid[g->tails[e]];
        wide k = (wide)r << 32 | spread(a, b);
        heap_offer(key, edge, degree, K, a, k, (int)e);
        heap_offer(key, edge, degree, K, b, k, (int)e);
    }
    for (int v = 0; v < n; v++) {
        for (int i = 0; i < degree[v]; i++) {
            int e = edge[(size_t)v * K + i];
            in[e >> 3] |= (unsigned char)(1 << (e & 7));
        }
        degree[v] = 0;
    }
    int full = 0; /* vertices with K edges of the greedy K-matching */
    for (int hi = nweights - 1; hi >= 0 && full < n;) {
        int lo = hi;
        Py_ssize_t group = hist[hi];
        while (lo > 0 && group + hist[lo - 1] <= g->m / 24) /* at most some 24 passes */
            group += hist[--lo];
        for (Py_ssize_t e = 0; e < g->m; e++) {
            int r = g->rankof[g->wid[e]];
            if (r < lo || r > hi)
                continue;
            int a = g->newid[g->heads[e]], b = g->newid[g->tails[e]];
            if (degree[a] >= K || degree[b] >= K)
                continue;
            in[e >> 3] |= (unsigned char)(1 << (e & 7));
            full += (++degree[a] == K) + (++degree[b] == K);
        }
        hi = lo - 1;
    }
    for (Py_ssize_t e = 0; e < g->m; e++) {
        int a = g->newid[g->heads[e]], b = g->newid[g->tails[e]];
        int d = a > b ? a - b : b - a, across = d - n / 2;
        if (g->rankof[g->wid[e]] >= 0
            && (d <= BY_POSITION || (across >= -BY_POSITION && across <= BY_POSITION)))
            in[e >> 3] |= (unsigned char)(1 << (e & 7));
        total += (in[e >> 3] >> (e & 7)) & 1;
    }
    *out = malloc((size_t)total * sizeof(int) + 1);
    if (!*out) {
        total = -1;
        goto done;
    }
    total = 0;
    for (Py_ssize_t e = 0; e < g->m; e++)
        if (in[e >> 3] & (1 << (e & 7)))
            (*out)[total++] = (int)e;
done:
    free(hist);
    free(degree);
    free(edge);
    free(key);
    return total;
}

/* The solve of a call without the GIL: the matching in ctx, and with DUALS the caller
   numbers of the tight edges in *tight (*ntight of them). `sparse` is the candidates per
   vertex, 0 for a solve of the whole graph. Returns 0, or -1 when memory ran out. */
static int solve_graph(Ctx *ctx, const Graph *g, int n, int L, limb *tw, int nweights, int sparse,
                       int mode, int **tight, Py_ssize_t *ntight)
{
    const Py_ssize_t m = g->m;
    unsigned char *in = NULL;
    int *sel = NULL, *added = NULL, *merged = NULL, *hcount = NULL, *hedge = NULL;
    wide *hkey = NULL;
    const int addcap = ADDED * sparse;
    wide *twtop = malloc((size_t)(nweights ? nweights : 1) * sizeof(wide));
    Py_ssize_t count = 0, cap = 1024, found = 0;
    int *list = mode == DUALS ? malloc((size_t)cap * sizeof(int)) : NULL; /* the tight edges */
    Forest forest;
    int rc = -1, have_forest = 0;
    memset(ctx, 0, sizeof *ctx);
    if (!twtop || (mode == DUALS && !list))
        goto done;
    for (int r = 0; r < nweights; r++)
        twtop[r] = top2(tw + (size_t)r * L, L);
    if (sparse) {
        in = calloc((size_t)(m >> 3) + 1, 1);
        hcount = malloc((size_t)(n ? n : 1) * sizeof(int));
        hkey = malloc((size_t)(n ? n : 1) * addcap * sizeof(wide));
        hedge = malloc((size_t)(n ? n : 1) * addcap * sizeof(int));
        added = malloc((size_t)(n ? n : 1) * addcap * sizeof(int));
        if (!in || !hcount || !hkey || !hedge || !added || (count = pick_candidates(g, n, nweights, sparse, in, &sel)) < 0)
            goto done;
    } else {
        sel = malloc((size_t)m * sizeof(int) + 1);
        if (!sel)
            goto done;
        for (Py_ssize_t e = 0; e < m; e++)
            if (g->rankof[g->wid[e]] >= 0)
                sel[count++] = (int)e;
    }
    for (;;) {
        if (solve_edges(ctx, g, sel, (int)count, n, L, tw, nweights) < 0)
            goto done;
        if (forest_build(ctx, &forest) < 0) {
            forest_free(&forest);
            goto done;
        }
        have_forest = 1;
        if (!sparse && mode != DUALS)
            break;
        /* One pass over the edges under the duals found. With DUALS it lists the tight
           edges (those of the last pass are the answer). In a sparse solve it prices the
           other edges: the most negative few at each vertex join the candidates, by their
           slacks' top limbs (the blossom duals left out: which edges join only steers the
           next solve, not its exactness). */
        Py_ssize_t nadded = 0;
        found = 0;
        for (int v = 0; sparse && v < n; v++)
            hcount[v] = 0;
        for (Py_ssize_t e = 0; e < m; e++) {
            int candidate = sparse && (in[e >> 3] & (1 << (e & 7)));
            if (candidate && mode != DUALS)
                continue;
            int r = g->rankof[g->wid[e]];
            if (r < 0)
                continue;
            int a = g->newid[g->heads[e]], b = g->newid[g->tails[e]];
            int sign = reduced_sign(ctx, &forest, twtop, a, b, r);
            if (sign == 0 && mode == DUALS) {
                if (found == cap) {
                    int *grown = realloc(list, (size_t)(cap *= 2) * sizeof(int));
                    if (!grown)
                        goto done;
                    list = grown;
                }
                list[found++] = (int)e;
            } else if (sign < 0 && !candidate) {
                wide t = ctx->dtop[a] + ctx->dtop[b] - twtop[r]; /* the greatest -t: the least t */
                heap_offer(hkey, hedge, hcount, addcap, a, -t, (int)e);
                heap_offer(hkey, hedge, hcount, addcap, b, -t, (int)e);
            }
        }
        if (!sparse)
            break;
        for (int v = 0; v < n; v++) {
            for (int i = 0; i < hcount[v]; i++) {
                int e = hedge[(size_t)v * addcap + i];
                if (!(in[e >> 3] & (1 << (e & 7)))) {
                    in[e >> 3] |= (unsigned char)(1 << (e & 7));
                    added[nadded++] = e;
                }
            }
        }
        qsort(added, (size_t)nadded, sizeof(int), int_cmp);
        if (nadded == 0)
            break; /* the duals are feasible for every edge: optimal */
        forest_free(&forest);
        have_forest = 0;
        ctx->tw = NULL;
        ctx_free(ctx);
        memset(ctx, 0, sizeof *ctx);
        /* Both lists ascend: merged, the candidates stay in the caller's order. */
        merged = malloc((size_t)(count + nadded) * sizeof(int));
        if (!merged)
            goto done;
        Py_ssize_t i = 0, j = 0, o = 0;
        while (i < count || j < nadded)
            merged[o++] = j == nadded || (i < count && sel[i] < added[j]) ? sel[i++] : added[j++];
        free(sel);
        sel = merged;
        merged = NULL;
        count = o;
    }
    if (mode == DUALS) {
        *tight = list;
        *ntight = found;
        list = NULL;
    }
    rc = 0;
done:
    if (have_forest)
        forest_free(&forest);
    free(twtop);
    free(list);
    free(in);
    free(sel);
    free(added);
    free(merged);
    free(hcount);
    free(hkey);
    free(hedge);
    return rc;
}

/* The graph of a call: edge k joins heads[k] and tails[k] and weighs table[weights[k]].
   Edges of weight 0 are no edges; only vertices with an edge take part, renumbered inside. */
static PyObject *matching(PyObject *args, int mode)
{
    Py_ssize_t n;
    int sparse = -1;
    PyObject *pheads, *ptails, *pweights, *ptable;
    if (!PyArg_ParseTuple(args, "nOOOO|i", &n, &pheads, &ptails, &pweights, &ptable, &sparse))
        return NULL;
    if (n < 0 || n > (1 << 24)) {
        PyErr_SetString(PyExc_ValueError, "n must be between 0 and 2**24");
        return NULL;
    }
    Ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    Py_buffer vheads = {0}, vtails = {0}, vwid = {0};
    Py_ssize_t m = 0, mt = 0, mw = 0, K = 0;
    const int *heads = NULL, *tails = NULL, *wid = NULL;
    int *newid = NULL, *original = NULL, *slot = NULL, *rank = NULL, *rankof = NULL, *tight = NULL;
    Py_ssize_t ntight = 0;
    unsigned char *zero = NULL;
    limb *vals = NULL, *tw = NULL;
    PyObject *table = NULL, *result = NULL, *nothing = PyLong_FromLong(0);
    if (!nothing)
        return NULL;
    heads = int_view(pheads, "heads", &vheads, &m);
    tails = heads ? int_view(ptails, "tails", &vtails, &mt) : NULL;
    wid = tails ? int_view(pweights, "weights", &vwid, &mw) : NULL;
    if (!wid)
        goto done;
    if (mt != m || mw != m) {
        PyErr_SetString(PyExc_ValueError, "heads, tails and weights must have one entry per edge");
        goto done;
    }
    if (m > (1 << 29)) {
        PyErr_SetString(PyExc_ValueError, "too many edges");
        goto done;
    }
    /* A private copy of the table; only exact ints are taken, so no user code runs. */
    table = PySequence_Tuple(ptable);
    if (!table)
        goto done;
    K = PyTuple_GET_SIZE(table);
    zero = malloc((size_t)K + 1);
    slot = malloc((size_t)K * sizeof(int) + 1);
    rankof = malloc((size_t)K * sizeof(int) + 1);
    newid = malloc((size_t)(n ? n : 1) * sizeof(int));
    original = malloc((size_t)(n ? n : 1) * sizeof(int));
    if (!zero || !slot || !rankof || !newid || !original) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < K; i++) {
        PyObject *w = PyTuple_GET_ITEM(table, i);
        if (!PyLong_CheckExact(w)) {
            PyErr_SetString(PyExc_TypeError, "edge weights must be ints");
            goto done;
        }
        long long bits = bits_of(w);
        int negative = bits < 0 ? -1 : PyObject_RichCompareBool(w, nothing, Py_LT);
        if (negative < 0)
            goto done;
        if (negative) {
            PyErr_SetString(PyExc_ValueError, "edge weights must not be negative");
            goto done;
        }
        zero[i] = bits == 0;
        slot[i] = -1;
    }
    /* First pass: validate, and find the edges, weights and vertices that take part. */
    for (Py_ssize_t v = 0; v < n; v++)
        newid[v] = -1;
    Py_ssize_t used = 0, weighed = 0;
    for (Py_ssize_t k = 0; k < m; k++) {
        int a = heads[k], b = tails[k], w = wid[k];
        if (a < 0 || a >= n || b < 0 || b >= n || a == b) {
            PyErr_Format(PyExc_ValueError, "edge (%d, %d) is not between two distinct vertices", a, b);
            goto done;
        }
        if (w < 0 || w >= K) {
            PyErr_Format(PyExc_ValueError, "edge (%d, %d) names weight %d of a table of %zd", a, b, w, K);
            goto done;
        }
        if (zero[w])
            continue;
        used++;
        newid[a] = newid[b] = 0;
        if (slot[w] < 0)
            slot[w] = (int)weighed++;
    }
    size_t maxbits = 0;
    for (Py_ssize_t i = 0; i < K; i++) {
        if (slot[i] >= 0) {
            long long bits = bits_of(PyTuple_GET_ITEM(table, i));
            if (bits < 0)
                goto done;
            if ((size_t)bits > maxbits)
                maxbits = (size_t)bits;
        }
    }
    if (maxbits > ((size_t)1 << 24)) {
        PyErr_SetString(PyExc_ValueError, "edge weights are too wide");
        goto done;
    }
    /* Only vertices with an edge take part, renumbered in their order: the rest stay
       unmatched, and the solve's time and memory follow the graph, not n. */
    int inner = 0;
    for (Py_ssize_t v = 0; v < n; v++) {
        if (newid[v] == 0) {
            original[inner] = (int)v;
            newid[v] = inner++;
        }
    }
    /* tw = 4w; duals stay within n * 2 * max(w) (the dual objective only falls and
       every term is non-negative); slacks within twice that; one sign bit; spare bits. */
    int L = (int)((maxbits + 2 + (size_t)bit_length_of(inner) + 1 + 1 + 4 + 63) / 64);
    if (L < 2)
        L = 2; /* top2 reads two limbs */
    vals = malloc((size_t)(weighed ? weighed : 1) * L * sizeof(limb));
    rank = malloc((size_t)(weighed ? weighed : 1) * sizeof(int));
    if (!vals || !rank) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < K; i++) {
        if (slot[i] < 0)
            continue;
        limb *dst = vals + (size_t)slot[i] * L;
        if (limbs_of(PyTuple_GET_ITEM(table, i), dst, L) < 0)
            goto done;
        /* tw = 4 * w: shift left by two bits */
        for (int l = L - 1; l > 0; l--)
            dst[l] = (dst[l] << 2) | (dst[l - 1] >> 62);
        dst[0] <<= 2;
    }
    if (sparse < 0)
        sparse = 2 * used > (Py_ssize_t)SPARSE_DEGREE * CANDIDATES * inner ? CANDIDATES : 0;
    int rc;
    Py_BEGIN_ALLOW_THREADS;
    Ctx ranks; /* rank_weights fills a context's distinct weights; only those are kept */
    memset(&ranks, 0, sizeof ranks);
    ranks.L = L;
    rc = rank_weights(&ranks, vals, (int)weighed, rank);
    tw = ranks.tw;
    if (rc == 0) {
        for (Py_ssize_t i = 0; i < K; i++)
            rankof[i] = slot[i] < 0 ? -1 : rank[slot[i]];
        Graph g = {m, heads, tails, wid, newid, rankof};
        rc = solve_graph(&ctx, &g, inner, L, tw, ranks.nweights, sparse, mode, &tight, &ntight);
    }
    Py_END_ALLOW_THREADS;
    if (rc < 0) {
        PyErr_NoMemory();
        goto done;
    }
    result = PyList_New(n);
    if (!result)
        goto done;
    for (Py_ssize_t v = 0; v < n; v++) {
        int p = newid[v] < 0 ? -1 : ctx.mate[newid[v]];
        PyObject *x = PyLong_FromLong(p < 0 ? -1 : original[ctx.endpoint[p]]);
        if (!x) {
            Py_CLEAR(result);
            goto done;
        }
        PyList_SET_ITEM(result, v, x);
    }
    if (mode == DUALS) {
        PyObject *packed = NULL;
        int *fit = realloc(tight, (size_t)ntight * sizeof(int) + 1); /* the list's spare room back first */
        if (fit)
            tight = fit;
        PyObject *tightbytes = PyBytes_FromStringAndSize((const char *)tight, ntight * (Py_ssize_t)sizeof(int));
        if (tightbytes) {
            PyObject *positive = PyList_New(0), *blossoms = PyList_New(0);
            for (int v = 0; positive && v < ctx.n; v++) {
                if (is_positive(DUAL(&ctx, v), L)) {
                    PyObject *x = PyLong_FromLong(original[v]);
                    if (!x || PyList_Append(positive, x) < 0)
                        Py_CLEAR(positive);
                    Py_XDECREF(x);
                }
            }
            for (int b = ctx.n; positive && blossoms && b < 2 * ctx.n; b++) {
                if (ctx.base[b] < 0 || !is_positive(DUAL(&ctx, b), L))
                    continue;
                int start = ctx.ltop, count = leaves(&ctx, b);
                PyObject *members = PyList_New(count);
                for (int i = 0; members && i < count; i++) {
                    PyObject *x = PyLong_FromLong(original[ctx.lbuf[start + i]]);
                    if (!x)
                        Py_CLEAR(members);
                    else
                        PyList_SET_ITEM(members, i, x);
                }
                ctx.ltop = start;
                if (!members || PyList_Append(blossoms, members) < 0)
                    Py_CLEAR(blossoms);
                Py_XDECREF(members);
            }
            if (positive && blossoms)
                packed = PyTuple_Pack(4, result, tightbytes, positive, blossoms);
            Py_XDECREF(positive);
            Py_XDECREF(blossoms);
        }
        Py_XDECREF(tightbytes);
        Py_SETREF(result, packed);
    }

done:
    ctx.tw = NULL;
    ctx_free(&ctx);
    free(tw);
    PyBuffer_Release(&vheads);
    PyBuffer_Release(&vtails);
    PyBuffer_Release(&vwid);
    free(tight);
    free(newid);
    free(original);
    free(slot);
    free(rank);
    free(rankof);
    free(zero);
    free(vals);
    Py_XDECREF(table);
    Py_DECREF(nothing);
    return result;
}


/* ---- optimal matchings with chosen pairs: a cover search on the tight graph ---- */

/*
 * Given one maximum-weight matching and optimal duals without positive blossom duals, the
 * maximum-weight matchings are exactly the matchings of tight edges that cover every vertex
 * of positive dual (complementary slackness). A Cover keeps such a matching on the graph of
 * tight edges and answers, pair after pair, whether some optimal matching also contains the
 * chosen pairs: the pair is put in, the two partners it takes are left uncovered, and each
 * that must stay covered starts a search for an alternating path that covers it again, to an
 * uncovered vertex or, by an even path, to a vertex that may be left uncovered. Edmonds'
 * search from one root (with blossoms shrunk) finds such a path whenever one exists, by the
 * symmetric difference with any optimal matching that contains the chosen pairs.
 *
 * A refused pair costs a search of everything the root reaches, and a vertex is often
 * refused several partners in a row (in a large bracket, thousands of searches of millions
 * of tight edges each). So the first query of a vertex a whose partner a' must stay covered
 * searches from a' with a taken out (a probe, which alters nothing): when that search ends
 * with no uncovered vertex reached and no even path to a vertex that may be left uncovered,
 * its even vertices are every vertex that an even path from a' reaches, and a partner b
 * outside them is refused without a search, until a pair is chosen. (Were (a, b) in an
 * optimal matching M', the path of M' and M from a' away from a would end at a vertex the
 * probe reaches uncovered, or by an even path at one M' leaves uncovered, or pass b through
 * b's partner, reaching b by an even path.) Choosing pairs only takes matchings away, so
 * such a refusal stays right; the probe is made again after a choice, as it then reaches
 * less and refuses more.
 */
typedef struct {
    int n;
    int *start, *adj;       /* CSR adjacency of the tight graph */
    int *end;               /* n: the end of each vertex's list, shortened as pairs are chosen */
    int *seen;              /* n: how many pairs were chosen when the list was last shortened */
    int chosen;             /* pairs chosen for good */
    int *mate, *saved;      /* vertex partners or -1; a copy to undo a refused pair */
    int *covered;           /* a query's matching with the partners left covered each in turn */
    unsigned char *required, *removed; /* must stay covered; in a chosen pair (out of the graph) */
    unsigned char *gone;    /* in a pair chosen for good: removed, and never put back */
    int *p, *base, *queue;  /* search: odd vertices' tree parent, blossom bases, the queue */
    int *next, *last;       /* search: each base's members as a list, and its last member */
    int *merged, nmerged;   /* search: the bases a new blossom takes in */
    unsigned char *even, *onpath, *inblossom;
    int probe_a, probe_at;  /* the last probe: its vertex and `chosen` at the time, or -1 */
    int probe_complete;     /* whether it ended without an end (see above) */
    unsigned char *probe_even; /* n: its even vertices, when complete */
    int nsets, *setstart, *members; /* the odd sets of positive dual, as member lists */
    int *mark;              /* n: the last odd set whose members were marked */
} Cover;

static void cover_free(PyObject *capsule)
{
    Cover *c = PyCapsule_GetPointer(capsule, "swiss.cover");
    if (!c)
        return;
    free(c->start);
    free(c->adj);
    free(c->end);
    free(c->seen);
    free(c->gone);
    free(c->mate);
    free(c->saved);
    free(c->covered);
    free(c->required);
    free(c->removed);
    free(c->p);
    free(c->base);
    free(c->queue);
    free(c->even);
    free(c->onpath);
    free(c->inblossom);
    free(c->next);
    free(c->last);
    free(c->merged);
    free(c->probe_even);
    free(c->setstart);
    free(c->members);
    free(c->mark);
    free(c);
}

/* Whether every odd set of positive dual has exactly one member not matched inside it. */
static int cover_sets_full(Cover *c)
{
    for (int s = 0; s < c->nsets; s++) {
        int outside = 0;
        for (int i = c->setstart[s]; i < c->setstart[s + 1]; i++)
            c->mark[c->members[i]] = s;
        for (int i = c->setstart[s]; i < c->setstart[s + 1]; i++) {
            int u = c->mate[c->members[i]];
            outside += u < 0 || c->mark[u] != s;
        }
        for (int i = c->setstart[s]; i < c->setstart[s + 1]; i++)
            c->mark[c->members[i]] = -1;
        if (outside != 1)
            return 0;
    }
    return 1;
}

/* The lowest common base of the tree paths from a and b to the root. */
static int cover_lca(Cover *c, int a, int b)
{
    for (int x = a;;) {
        x = c->base[x];
        c->onpath[x] = 1;
        if (c->mate[x] == -1)
            break;
        x = c->p[c->mate[x]];
    }
    for (;;) {
        b = c->base[b];
        if (c->onpath[b])
            break;
        b = c->p[c->mate[b]];
    }
    for (;;) { /* unmarked again, the same walk */
        a = c->base[a];
        c->onpath[a] = 0;
        if (c->mate[a] == -1)
            return b;
        a = c->p[c->mate[a]];
    }
}

/* Note base x as taken into the new blossom. */
static inline void cover_merge(Cover *c, int x)
{
    if (!c->inblossom[x]) {
        c->inblossom[x] = 1;
        c->merged[c->nmerged++] = x;
    }
}

/* Set tree parents along the path from v to the blossom base b, entered from child. */
static void cover_mark(Cover *c, int v, int b, int child)
{
    while (c->base[v] != b) {
        cover_merge(c, c->base[v]);
        cover_merge(c, c->base[c->mate[v]]);
        c->p[v] = child;
        child = c->mate[v];
        v = c->p[c->mate[v]];
    }
}

/* Alternate the path that ends at odd vertex u, from u back to the root. */
static void cover_augment(Cover *c, int u)
{
    while (u != -1) {
        int pv = c->p[u], next = c->mate[pv];
        c->mate[u] = pv;
        c->mate[pv] = u;
        u = next;
    }
}

/* What a search from a root looks for. COVER: any end, an uncovered vertex or an even path
   to a vertex that may be left uncovered, and the path found is alternated (the root
   covered). TARGET: only an augmenting path to the target, alternated. PROBE: nothing is
   altered; the search stops at any end as COVER would take it or when an even path reaches
   the target, and otherwise runs to the end. */
enum { COVER, TARGET, PROBE };

/* A new even vertex x: whether the search ends there; a COVER search alternates the even
   path from the root to it (the root covered, x uncovered). */
static int cover_reach_even(Cover *c, int root, int x, int mode, int target)
{
    if (mode == PROBE)
        return x == target || (x != root && !c->required[x]);
    if (mode == TARGET || x == root || c->required[x])
        return 0;
    int t = c->mate[x];
    c->mate[x] = -1;
    cover_augment(c, t);
    return 1;
}

/* Drop from v's list the vertices of the pairs chosen since it was last shortened. The
   rest keep their order, so a search takes the same path as on the whole list; with
   hundreds of players paired in turn, most of a list is soon pairs already chosen. Each
   pair chosen takes a few entries out of a list of thousands, and the search skips them
   anyway: a list is shortened once a sixty-fourth of it may be gone, not at every pair
   (shortening at every pair took a third of a large bracket's searches). */
static void cover_shorten(Cover *c, int v)
{
    if ((Py_ssize_t)(c->chosen - c->seen[v]) * 64 < c->end[v] - c->start[v])
        return;
    int w = c->start[v];
    for (int e = c->start[v]; e < c->end[v]; e++)
        if (!c->gone[c->adj[e]])
            c->adj[w++] = c->adj[e];
    c->end[v] = w;
    c->seen[v] = c->chosen;
}

/* Search from root as `mode` says (target: -1 for COVER). Returns 0 when the search found
   nothing: then every vertex an even path from the root reaches is marked even. */
static int cover_search(Cover *c, int root, int mode, int target)
{
    const int n = c->n;
    int head = 0, tail = 0;
    for (int v = 0; v < n; v++) {
        c->p[v] = -1;
        c->base[v] = c->last[v] = v;
        c->next[v] = -1;
        c->even[v] = 0;
    }
    c->even[root] = 1;
    c->queue[tail++] = root;
    while (head < tail) {
        int v = c->queue[head++];
        cover_shorten(c, v);
        for (int e = c->start[v]; e < c->end[v]; e++) {
            int to = c->adj[e];
            if (c->removed[to] || c->base[v] == c->base[to] || c->mate[v] == to)
                continue;
            if (c->even[to]) { /* the root, or a vertex whose partner is odd or in a blossom */
                int b = cover_lca(c, v, to);
                c->nmerged = 0;
                cover_mark(c, v, b, to);
                cover_mark(c, to, b, v);
                /* The members of the bases taken in join b's; the odd ones among them
                   turn even in ascending order (as a scan of all vertices met them). */
                int fresh = 0;
                for (int i = 0; i < c->nmerged; i++) {
                    int x = c->merged[i];
                    c->inblossom[x] = 0;
                    for (int y = x; y != -1; y = c->next[y]) {
                        c->base[y] = b;
                        if (!c->even[y])
                            c->merged[c->nmerged + fresh++] = y;
                    }
                    c->next[c->last[b]] = x;
                    c->last[b] = c->last[x];
                }
                int *odd = c->merged + c->nmerged;
                qsort(odd, (size_t)fresh, sizeof(int), int_cmp);
                for (int i = 0; i < fresh; i++) {
                    c->even[odd[i]] = 1;
                    if (cover_reach_even(c, root, odd[i], mode, target))
                        return 1;
                    c->queue[tail++] = odd[i];
                }
            } else if (c->p[to] == -1) {
                c->p[to] = v;
                if (c->mate[to] == -1) {
                    if (mode == TARGET && to != target)
                        continue; /* another uncovered vertex: no end for this search */
                    if (mode != PROBE)
                        cover_augment(c, to);
                    return 1;
                }
                int x = c->mate[to];
                c->even[x] = 1;
                if (cover_reach_even(c, root, x, mode, target))
                    return 1;
                c->queue[tail++] = x;
            }
        }
    }
    return 0;
}

static PyObject *cover_new(PyObject *self, PyObject *args)
{
    (void)self;
    Py_ssize_t n;
    PyObject *pheads, *ptails, *ptight, *mate, *required, *sets;
    if (!PyArg_ParseTuple(args, "nOOOOOO", &n, &pheads, &ptails, &ptight, &mate, &required, &sets))
        return NULL;
    if (n < 1 || n > (1 << 24)) {
        PyErr_SetString(PyExc_ValueError, "n must be between 1 and 2**24");
        return NULL;
    }
    /* Read in place: a first round's graph and tight edges are hundreds of megabytes. */
    Py_buffer vheads = {0}, vtails = {0}, vtight = {0};
    Py_ssize_t me = 0, mt = 0, m = 0;
    const int *heads = int_view(pheads, "heads", &vheads, &me);
    const int *tails = heads ? int_view(ptails, "tails", &vtails, &mt) : NULL;
    const int *tight = tails ? int_view(ptight, "tight", &vtight, &m) : NULL;
    PyObject *ms = PySequence_Tuple(mate), *rs = PySequence_Tuple(required), *ss = PySequence_Tuple(sets);
    Cover *c = calloc(1, sizeof(Cover));
    PyObject *result = NULL;
    if (!tight || !ms || !rs || !ss || !c)
        goto done;
    if (mt != me) {
        PyErr_SetString(PyExc_ValueError, "heads and tails must have one entry per edge");
        goto done;
    }
    if (PyTuple_GET_SIZE(ms) != n) {
        PyErr_SetString(PyExc_ValueError, "mate must have n entries");
        goto done;
    }
    c->n = (int)n;
    c->start = calloc((size_t)n + 1, sizeof(int));
    c->adj = malloc(2 * (size_t)m * sizeof(int) + 1);
    c->end = malloc((size_t)n * sizeof(int));
    c->seen = calloc((size_t)n, sizeof(int));
    c->gone = calloc((size_t)n, 1);
    c->mate = malloc((size_t)n * sizeof(int));
    c->saved = malloc((size_t)n * sizeof(int));
    c->covered = malloc((size_t)n * sizeof(int));
    c->required = calloc((size_t)n, 1);
    c->removed = calloc((size_t)n, 1);
    c->p = malloc((size_t)n * sizeof(int));
    c->base = malloc((size_t)n * sizeof(int));
    c->queue = malloc((size_t)n * sizeof(int));
    c->even = malloc((size_t)n);
    c->onpath = calloc((size_t)n, 1);
    c->inblossom = calloc((size_t)n, 1);
    c->next = malloc((size_t)n * sizeof(int));
    c->last = malloc((size_t)n * sizeof(int));
    c->merged = malloc(2 * (size_t)n * sizeof(int));
    c->probe_even = malloc((size_t)n);
    c->probe_a = -1;
    if (!c->start || !c->adj || !c->end || !c->seen || !c->gone || !c->mate || !c->saved || !c->covered || !c->required || !c->removed || !c->p ||
        !c->base || !c->queue || !c->even || !c->onpath || !c->inblossom || !c->next || !c->last ||
        !c->merged || !c->probe_even) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t k = 0; k < m; k++) {
        int i = tight[k];
        if (i < 0 || i >= me) {
            PyErr_SetString(PyExc_ValueError, "each tight index must name an edge");
            goto done;
        }
        int a = heads[i], b = tails[i];
        if (a < 0 || a >= n || b < 0 || b >= n || a == b) {
            PyErr_Format(PyExc_ValueError, "pair (%d, %d) is not between two distinct vertices", a, b);
            goto done;
        }
        c->start[a + 1]++;
        c->start[b + 1]++;
    }
    for (Py_ssize_t v = 0; v < n; v++)
        c->start[v + 1] += c->start[v];
    for (Py_ssize_t v = 0; v < n; v++)
        c->p[v] = c->start[v];
    for (Py_ssize_t v = 0; v < n; v++)
        c->end[v] = c->start[v + 1];
    for (Py_ssize_t k = 0; k < m; k++) {
        int a = heads[tight[k]], b = tails[tight[k]];
        c->adj[c->p[a]++] = b;
        c->adj[c->p[b]++] = a;
    }
    for (Py_ssize_t v = 0; v < n; v++) {
        PyObject *x = PyTuple_GET_ITEM(ms, v);
        long u = PyLong_CheckExact(x) ? PyLong_AsLong(x) : -2;
        if (u < -1 || u >= n || u == v) {
            PyErr_SetString(PyExc_ValueError, "mate entries must be -1 or another vertex");
            goto done;
        }
        c->mate[v] = (int)u;
    }
    for (Py_ssize_t v = 0; v < n; v++) {
        if (c->mate[v] >= 0 && c->mate[c->mate[v]] != v) {
            PyErr_SetString(PyExc_ValueError, "mate is not a matching");
            goto done;
        }
    }
    for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(rs); k++) {
        PyObject *x = PyTuple_GET_ITEM(rs, k);
        long v = PyLong_CheckExact(x) ? PyLong_AsLong(x) : -1;
        if (v < 0 || v >= n) {
            PyErr_SetString(PyExc_ValueError, "required vertices must be between 0 and n - 1");
            goto done;
        }
        c->required[v] = 1;
    }
    c->nsets = (int)PyTuple_GET_SIZE(ss);
    c->setstart = calloc((size_t)c->nsets + 1, sizeof(int));
    c->mark = malloc((size_t)n * sizeof(int));
    if (!c->setstart || !c->mark) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t v = 0; v < n; v++)
        c->mark[v] = -1;
    size_t total = 0;
    for (int s = 0; s < c->nsets; s++) {
        PyObject *set = PyTuple_GET_ITEM(ss, s);
        if (!PyList_Check(set)) {
            PyErr_SetString(PyExc_TypeError, "each odd set must be a list of vertices");
            goto done;
        }
        total += (size_t)PyList_GET_SIZE(set);
        c->setstart[s + 1] = (int)total;
    }
    c->members = malloc(total * sizeof(int) + 1);
    if (!c->members) {
        PyErr_NoMemory();
        goto done;
    }
    for (int s = 0; s < c->nsets; s++) {
        PyObject *set = PyTuple_GET_ITEM(ss, s);
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(set); i++) {
            PyObject *x = PyList_GET_ITEM(set, i);
            long v = PyLong_CheckExact(x) ? PyLong_AsLong(x) : -1;
            if (v < 0 || v >= n) {
                PyErr_SetString(PyExc_ValueError, "odd set members must be between 0 and n - 1");
                goto done;
            }
            c->members[c->setstart[s] + i] = (int)v;
        }
    }
    result = PyCapsule_New(c, "swiss.cover", cover_free);
    if (result)
        c = NULL;
done:
    if (c) {
        PyObject *tmp = PyCapsule_New(c, "swiss.cover", cover_free);
        Py_XDECREF(tmp); /* frees c through the destructor */
    }
    PyBuffer_Release(&vheads);
    PyBuffer_Release(&vtails);
    PyBuffer_Release(&vtight);
    Py_XDECREF(ms);
    Py_XDECREF(rs);
    Py_XDECREF(ss);
    return result;
}

/* The pair (a, b) is chosen for good: 1, as cover_pair answers. */
static PyObject *cover_chosen(Cover *c, int a, int b)
{
    c->gone[a] = c->gone[b] = 1;
    c->chosen++;
    return PyLong_FromLong(1);
}

/* The matching before the query with (a, b) put in, the partners it took uncovered. */
static void cover_put(Cover *c, int a, int b, const int *left)
{
    memcpy(c->mate, c->saved, (size_t)c->n * sizeof(int));
    for (int i = 0; i < 2; i++)
        if (left[i] >= 0)
            c->mate[left[i]] = -1;
    c->mate[a] = b;
    c->mate[b] = a;
}

/* The query undone, answering `answer`. */
static PyObject *cover_undo(Cover *c, int a, int b, long answer)
{
    memcpy(c->mate, c->saved, (size_t)c->n * sizeof(int));
    c->removed[a] = c->removed[b] = 0;
    return PyLong_FromLong(answer);
}

static PyObject *cover_pair(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *capsule;
    int a, b;
    if (!PyArg_ParseTuple(args, "Oii", &capsule, &a, &b))
        return NULL;
    Cover *c = PyCapsule_GetPointer(capsule, "swiss.cover");
    if (!c)
        return NULL;
    if (a < 0 || a >= c->n || b < 0 || b >= c->n || a == b || c->removed[a] || c->removed[b]) {
        PyErr_SetString(PyExc_ValueError, "the pair must join two distinct vertices not chosen before");
        return NULL;
    }
    int edge = 0;
    for (int e = c->start[a]; e < c->end[a] && !edge; e++)
        edge = c->adj[e] == b;
    if (!edge)
        return PyLong_FromLong(0); /* not tight: in no optimal matching */
    if (c->mate[a] == b) {
        c->removed[a] = c->removed[b] = 1;
        return cover_chosen(c, a, b);
    }
    int partner = c->mate[a];
    if (partner >= 0 && c->required[partner]) {
        if (c->probe_a != a || c->probe_at != c->chosen) {
            c->probe_a = a;
            c->probe_at = c->chosen;
            c->removed[a] = 1;
            c->mate[partner] = -1;
            c->probe_complete = !cover_search(c, partner, PROBE, b);
            c->mate[partner] = a;
            c->removed[a] = 0;
            if (c->probe_complete)
                memcpy(c->probe_even, c->even, (size_t)c->n);
        }
        if (c->probe_complete && !c->probe_even[b])
            return PyLong_FromLong(0);
    }
    memcpy(c->saved, c->mate, (size_t)c->n * sizeof(int));
    int left[2] = {c->mate[a], c->mate[b]};
    c->removed[a] = c->removed[b] = 1;
    /* First whether the pair can be held at all: each partner left that must stay covered
       is covered in turn, by any path (covering one never stops the other: the sets of
       vertices a matching covers form a matroid). A search that finds an end mostly stops
       soon, where the path between the two partners below, when there is none, reads all
       they reach. */
    cover_put(c, a, b, left);
    for (int i = 0; i < 2; i++) {
        int x = left[i];
        if (x >= 0 && c->mate[x] == -1 && c->required[x] && !cover_search(c, x, COVER, -1))
            return cover_undo(c, a, b, 0);
    }
    memcpy(c->covered, c->mate, (size_t)c->n * sizeof(int));
    /* Rather, the two partners left are matched to each other by an alternating path, which
       mostly keeps the odd sets as they were; failing that, the matching above is kept. */
    cover_put(c, a, b, left);
    if (left[0] >= 0 && left[1] >= 0 && cover_search(c, left[0], TARGET, left[1]) && cover_sets_full(c))
        return cover_chosen(c, a, b);
    memcpy(c->mate, c->covered, (size_t)c->n * sizeof(int));
    if (!cover_sets_full(c))
        return cover_undo(c, a, b, -1); /* some optimum may still hold the pair: not known */
    return cover_chosen(c, a, b);
}

static PyObject *cover_mate(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *capsule;
    if (!PyArg_ParseTuple(args, "O", &capsule))
        return NULL;
    Cover *c = PyCapsule_GetPointer(capsule, "swiss.cover");
    if (!c)
        return NULL;
    PyObject *result = PyList_New(c->n);
    for (int v = 0; result && v < c->n; v++) {
        PyObject *x = PyLong_FromLong(c->mate[v]);
        if (!x) {
            Py_CLEAR(result);
            break;
        }
        PyList_SET_ITEM(result, v, x);
    }
    return result;
}

static PyObject *max_weight_matching(PyObject *self, PyObject *args)
{
    (void)self;
    return matching(args, PLAIN);
}

static PyObject *max_weight_matching_duals(PyObject *self, PyObject *args)
{
    (void)self;
    return matching(args, DUALS);
}

static PyMethodDef methods[] = {
    {"max_weight_matching", max_weight_matching, METH_VARARGS,
     "max_weight_matching(n, heads, tails, weights, table, candidates=-1) -> mate\n\n"
     "An exact maximum-weight matching (not maximum-cardinality) of the graph on\n"
     "vertices 0..n-1 whose edge k joins heads[k] and tails[k] and weighs\n"
     "table[weights[k]]; heads, tails and weights are buffers of C ints (array('i')),\n"
     "table a sequence of non-negative ints of any size, an edge of weight 0 no edge.\n"
     "mate[v] is v's partner, or -1 when v is unmatched. candidates: -1 the solver's\n"
     "choice, 0 a solve of the whole graph, K > 0 a solve on about K candidate edges per\n"
     "vertex, the rest priced with the duals and added while of negative reduced cost."},
    {"max_weight_matching_duals", max_weight_matching_duals, METH_VARARGS,
     "max_weight_matching_duals(n, heads, tails, weights, table, candidates=-1)\n"
     "    -> (mate, tight, positive, blossoms)\n\n"
     "The matching of max_weight_matching, the numbers of the edges that are tight\n"
     "(C ints, as bytes)\n"
     "under the optimal duals found with it, the vertices of positive dual, and the\n"
     "blossoms of positive dual, each as the list of its vertices."},
    {"cover_new", cover_new, METH_VARARGS,
     "cover_new(n, heads, tails, tight, mate, required, sets) -> cover\n\n"
     "A cover search over the graph of the edges (heads[k], tails[k]) whose numbers k\n"
     "are in tight (heads, tails and tight buffers of C ints),\n"
     "starting from\n"
     "the matching mate (-1: uncovered) that covers every required vertex and leaves\n"
     "exactly one vertex of each odd set (a list of vertices) not matched inside it."},
    {"cover_pair", cover_pair, METH_VARARGS,
     "cover_pair(cover, a, b) -> 1, 0 or -1\n\n"
     "1: (a, b) is put in the matching, with every pair put in before, the required\n"
     "vertices covered and the odd sets full. 0: no such matching exists (or (a, b)\n"
     "is not an edge of the cover's graph). -1: the\n"
     "matching found does not keep the odd sets full, and another might; nothing changes."},
    {"cover_mate", cover_mate, METH_VARARGS,
     "cover_mate(cover) -> mate\n\nThe cover's matching: mate[v], or -1."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "swiss._blossom", "Exact maximum-weight matching in C.", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__blossom(void)
{
    return PyModule_Create(&module);
}
