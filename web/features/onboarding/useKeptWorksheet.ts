import { useCallback, useEffect, useState } from 'react';
import {
  forgetWorksheet,
  loadAccountWorksheet,
  loadGuestWorksheet,
  saveAccountWorksheet,
  saveGuestWorksheet,
  type KeptWorksheet,
} from './keptWorksheet';

/** Whose worksheet: an account's id, a guest (null), or not known yet while the session is asked (undefined). */
type Owner = number | null | undefined;

const warn = (error: unknown) => console.warn('Could not keep the worksheet', error);

/**
 * The last idea worksheet kept for whoever is here (keptWorksheet.ts): `loaded` once it has been
 * read for them (at once for a guest; after a read of their database for an account), and how to
 * replace or forget it. A change shows at once and is written behind.
 */
export function useKeptWorksheet(owner: Owner) {
  const [state, setState] = useState<{ owner: Owner; kept: KeptWorksheet | null }>(() => ({
    owner: owner === null ? null : undefined,
    kept: owner === null ? loadGuestWorksheet() : null,
  }));

  // A guest's is read at once, while rendering: a guest known only now (the session answered).
  if (owner === null && state.owner !== null) setState({ owner: null, kept: loadGuestWorksheet() });

  useEffect(() => {
    if (owner === undefined || owner === null) return;
    let live = true;
    loadAccountWorksheet(owner).then(
      (kept) => live && setState({ owner, kept }),
      (error: unknown) => {
        warn(error);
        if (live) setState({ owner, kept: null });
      },
    );
    return () => {
      live = false;
    };
  }, [owner]);

  const save = useCallback(
    (kept: KeptWorksheet | null) => {
      if (owner === undefined) return;
      setState({ owner, kept });
      if (kept === null) void forgetWorksheet(owner).catch(warn);
      else if (owner === null) saveGuestWorksheet(kept);
      else void saveAccountWorksheet(owner, kept).catch(warn);
    },
    [owner],
  );

  const loaded = owner !== undefined && state.owner === owner;
  return { loaded, kept: loaded ? state.kept : null, save };
}
