/**
 * Research kept on this phone (the user's own database, gone at logout): every research the rep made
 * or opened here, with the passages it cites, so it opens with no signal. A newer copy of a research
 * (a refresh, here or on another device) replaces the kept one.
 */
import type { Research } from '../../../domain/contract/research';
import type { PitchpadDb } from '../../data/db';

const PREFIX = 'research:';
const keyOf = (id: string) => `${PREFIX}${id}`;

/** Keep a research, unless the phone holds a newer copy of it. */
export async function keepResearch(db: PitchpadDb, research: Research): Promise<void> {
  await db.transaction('rw', db.keyValues, async () => {
    const kept = await keptResearch(db, research.id);
    if (!kept || kept.madeAt <= research.madeAt)
      await db.keyValues.put({ key: keyOf(research.id), value: research });
  });
}

export async function keptResearch(db: PitchpadDb, id: string): Promise<Research | undefined> {
  return (await db.keyValues.get(keyOf(id)))?.value as Research | undefined;
}

/** Every research kept here, newest first. */
export async function allKeptResearch(db: PitchpadDb): Promise<Research[]> {
  const rows = await db.keyValues.where('key').startsWith(PREFIX).toArray();
  return rows
    .map((row) => row.value as Research)
    .toSorted((a, b) => b.madeAt.localeCompare(a.madeAt));
}

export async function forgetResearch(db: PitchpadDb, id: string): Promise<void> {
  await db.keyValues.delete(keyOf(id));
}

/** '1 source', '3 sources': how many pages a research read. */
export const sourcesCounted = (n: number) => (n === 1 ? '1 source' : `${n} sources`);
