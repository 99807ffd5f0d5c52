// The signed-in screens start without zod. A contract module builds its schemas as it loads, which
// held a slow phone's main thread for 50-190 ms on every start that imported one for a constant;
// what the screens need of the contracts lives in zod-free modules beside them (chatBasics.ts,
// accountBasics.ts, kitBasics.ts...). A schema the screen really parses with loads with its first
// use (`await import`). This reads what the build put in web/dist: a screen's chunk and every chunk
// it imports statically, which the browser fetches and runs before the screen draws.
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const ASSETS = fileURLToPath(new URL('../../web/dist/assets/', import.meta.url));

/** zod's own constructor names, kept by the minifier as strings: found only where zod's code is. */
const ZOD_MARKERS = ['`$ZodObject`', '"$ZodObject"', "'$ZodObject'"];

/**
 * The app's start and the screens a signed-in rep opens, by their chunk's name: the chat (with the
 * guided flows), the profile, the kit, debriefs, meetings, search, the account and pricing, and the
 * phone's search index, which every signed-in start builds.
 */
const STARTS = [
  'boot',
  'ChatRoute',
  'ProfileScreen',
  'KitScreen',
  'DebriefScreen',
  'MeetingsScreen',
  'SearchScreen',
  'AccountScreen',
  'PricingScreen',
  'deviceSearch',
];

const staticImports = (code: string) =>
  [...code.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)].map((m) => m[1]!);

test("the app's start and the signed-in screens load and run no zod before they draw", async () => {
  const files = (await readdir(ASSETS)).filter((name) => name.endsWith('.js'));
  const code = new Map<string, string>();
  const read = async (name: string) => {
    if (!code.has(name)) code.set(name, await readFile(ASSETS + name, 'utf8'));
    return code.get(name)!;
  };
  for (const name of files) await read(name);
  // zod is in the build (a screen loads it on first use), so the check below can fail.
  const zodChunks = files.filter((name) =>
    ZOD_MARKERS.some((marker) => code.get(name)!.includes(marker)),
  );
  expect(zodChunks.length, 'zod is built into some chunk').toBeGreaterThan(0);

  for (const start of STARTS) {
    const entry = files.find((name) => name.startsWith(`${start}-`));
    expect(entry, `${start}'s chunk`).toBeDefined();
    const loaded = new Set([entry!]);
    for (const name of loaded) for (const next of staticImports(await read(name))) loaded.add(next);
    const withZod = [...loaded].filter((name) => zodChunks.includes(name));
    expect(withZod, `${start} loads zod before it draws`).toEqual([]);
  }
});
