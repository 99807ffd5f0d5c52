import { vi } from 'vitest';
import type { PitchpadDb } from '../../web/data/db';
import type { FlowSessionDeps } from '../../web/features/playbooks/useFlowSession';

/** What a running flow needs on `db`: the network, the finish and the alerts as mocks; `overrides` replace any. */
export function buildFlowSessionDeps(
  db: PitchpadDb,
  overrides: Partial<FlowSessionDeps> = {},
): FlowSessionDeps {
  return {
    db,
    api: { post: vi.fn() },
    onFinish: vi.fn(async () => {}),
    alert: vi.fn(),
    ...overrides,
  };
}
