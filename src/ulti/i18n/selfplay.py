"""The long runs: ``ulti selfplay`` and a tournament's checkpoint.

Each entry is ``(English, Hungarian)``, keyed without its section; :mod:`ulti.i18n` reads
this module the first time one of its keys is asked for.
"""

#: ``ulti selfplay`` (ulti.arena.selfplay): its refusals, progress and summary.
SELFPLAY: dict[str, tuple[str, str]] = {
    "needs-pyarrow": (
        "ulti selfplay needs PyArrow: pip install 'ulti[research]'",
        "az ulti selfplay parancshoz PyArrow kell: pip install 'ulti[research]'",
    ),
    "deals": (
        "--deals: a number of deals from 1 to {most}, not {deals}",
        "--deals: a leosztások száma 1 és {most} között, nem {deals}",
    ),
    "shard-deals": (
        "--shard-deals: deals per file, from 1 to {most}, not {n}",
        "--shard-deals: leosztás fájlonként, 1 és {most} között, nem {n}",
    ),
    "seed": (
        "--seed: a whole number from 0 to {most}, not {seed}",
        "--seed: egész szám 0 és {most} között, nem {seed}",
    ),
    "workers": (
        "--workers: at least one worker process, not {n}",
        "--workers: legalább egy munkafolyamat kell, nem {n}",
    ),
    "ray-workers": (
        "--ray and --workers: the Ray cluster's CPUs are the workers; give one of them",
        "--ray és --workers: a Ray-fürt processzorai a munkafolyamatok; csak az egyiket add meg",
    ),
    "ray-empty": (
        "--ray: 'local' or a cluster's address",
        "--ray: 'local' vagy egy fürt címe",
    ),
    "ray": ("{why}", "Ray-hiba: {why}"),
    "bots-count": (
        "--bots: one player for all three seats, or three players (one a seat), not {n}",
        "--bots: egy játékos mindhárom helyre, vagy három játékos (helyenként egy), nem {n}",
    ),
    "bot-unknown": (
        "--bots: unknown player {name!r}; players: {players}",
        "--bots: ismeretlen játékos: {name!r}; játékosok: {players}",
    ),
    "bot-budget": (
        "--bots: {spec!r}: {why}",
        "--bots: {spec!r} hibás: {why}",
    ),
    "bot-ms": (
        "--bots: {spec!r}: self-play budgets by samples only (samples=N), so that the data do "
        "not depend on the machine's speed; leave out ms=",
        "--bots: {spec!r}: az önjáték csak mintaszámmal korlátoz (samples=N), hogy az adatok ne "
        "függjenek a gép sebességétől; hagyd el az ms= részt",
    ),
    "samples": (
        "--samples: a whole number from 1 to {most}, not {samples}",
        "--samples: egész szám 1 és {most} között, nem {samples}",
    ),
    "max-kontra": (
        "--max-kontra: 2 to {most} (V11: the information state needs a kontra cap), not {n}",
        "--max-kontra: 2 és {most} között (V11: az információs állapothoz korlátos kontra "
        "kell), nem {n}",
    ),
    "out-file": (
        "--out: {out} is a file; give a folder",
        "--out: {out} egy fájl; mappát adj meg",
    ),
    "out-write": (
        "--out: cannot write in {out}: {why}",
        "--out: nem lehet írni ide: {out}: {why}",
    ),
    "manifest-bad": (
        "{file} is not a self-play manifest ({why}); give another --out",
        "{file} nem önjáték-leírás ({why}); adj meg másik --out mappát",
    ),
    "manifest-differs": (
        "{out} holds self-play data made with other parameters ({what}): give the same "
        "parameters to resume, or another --out",
        "{out} más paraméterekkel készült önjáték-adatokat tartalmaz ({what}): a folytatáshoz "
        "ugyanazokat a paramétereket add meg, vagy másik --out mappát",
    ),
    "start": (
        "Self-play: {deals} deals by {bots} (seed {seed}, rules {preset}, kontras capped at "
        "{cap}) in {out}, {shard_deals} deals a file ({shards} in all)",
        "Önjáték: {deals} leosztás, játékosok: {bots} ({seed}. mag, szabályok: {preset}, "
        "kontra legfeljebb {cap}. szintig), ide: {out}, fájlonként {shard_deals} leosztás "
        "(összesen {shards})",
    ),
    "resume": (
        "{done} of {shards} files are written already: playing the rest",
        "{shards} fájlból {done} már elkészült: a többi következik",
    ),
    "complete": (
        "All {shards} files are written already: nothing to play",
        "Mind a(z) {shards} fájl elkészült már: nincs mit játszani",
    ),
    "progress": ("deals", "leosztás"),
    "done": (
        "{rows} rows from {deals} deals; files: {shards} new, {skipped} there already, {files} "
        "in {out}; {seconds} s, {rate} rows/s",
        "{rows} sor {deals} leosztásból; fájlok: {shards} új, {skipped} már megvolt, {files} "
        "itt: {out}; {seconds} mp, {rate} sor/mp",
    ),
}

#: A tournament's checkpoint (``ulti tournament --checkpoint``) that cannot be used.
CHECKPOINT: dict[str, tuple[str, str]] = {
    "unwritable": (
        "cannot keep a checkpoint in {path}: {why}",
        "nem tartható mentési pont itt: {path}: {why}",
    ),
    "busy": (
        "{path} is in use by another tournament running now; wait for it to end, or give "
        "another file",
        "a(z) {path} fájlt most egy másik futó verseny használja; várd meg a végét, vagy adj "
        "meg másik fájlt",
    ),
    "not-checkpoint": (
        "{path} is not a tournament checkpoint; it is left as it is: give another file",
        "a(z) {path} nem verseny-mentési pont; érintetlen marad: adj meg másik fájlt",
    ),
    "other": (
        "{path} is the checkpoint of another tournament (it differs in: {what}); it is left "
        "as it is: give the same settings, or another file",
        "a(z) {path} egy másik verseny mentési pontja (eltér ebben: {what}); érintetlen "
        "marad: add meg ugyanazokat a beállításokat, vagy másik fájlt",
    ),
    "bad-line": (
        "{path}, line {line}: not a game of this tournament; the file is left as it is",
        "{path}, {line}. sor: nem ennek a versenynek a játszmája; a fájl érintetlen marad",
    ),
}

#: This surface's sections, by name (what :mod:`ulti.i18n` loads).
SECTIONS: dict[str, dict[str, tuple[str, str]]] = {"selfplay": SELFPLAY, "checkpoint": CHECKPOINT}
