/**
 * Walks rows in id order a batch at a time, so memory stays flat however many there are (jobs, data exports):
 * `for await (const rows of idBatches((afterId, size) => dueRows(db, day, afterId, size))) …`. `fetch` answers at most
 * `size` rows with ids above `afterId`, ascending; a batch shorter than `size` is the last one.
 */
export async function* idBatches<Row extends { id: number }>(fetch: (afterId: number, size: number) => Promise<Row[]>, size = 500): AsyncGenerator<Row[]> {
  for (let afterId = 0; ;) {
    const rows = await fetch(afterId, size);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    afterId = rows[rows.length - 1]!.id;
  }
}
