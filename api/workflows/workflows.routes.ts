import { Router } from '@koa/router';
import {
  RenameWorkflowInput,
  WorkflowInput,
  type Workflow,
  type WorkflowWithResult,
} from '../../domain/contract/playbooks';
import type { AppDeps, AppState } from '../context';
import { NotFound } from '../errors';
import { rateLimit, limitRule } from '../middleware/rateLimit';
import { requireUser, userOf } from '../middleware/requireUser';
import { WORKFLOW_WRITES_PER_USER, WORKFLOW_WRITE_WINDOW_MS } from '../../domain/limits';
import { inputOf, validate } from '../middleware/validate';
import {
  deleteWorkflow,
  findWorkflow,
  listWorkflows,
  renameWorkflow,
  saveWorkflow,
  type WorkflowRow,
} from './workflows.sql';
import { expectedUser } from '../middleware/expectedUser';

function presentWorkflow(w: WorkflowRow): Workflow {
  return {
    id: w.id,
    name: w.name,
    workflowType: w.workflow_type,
    date: new Date(w.date).toISOString(),
    path: w.path,
  };
}

/** Saves and renames per user: generous for a person, a wall for a script filling the table. */
const workflowWrites = limitRule(
  'workflows:user',
  WORKFLOW_WRITES_PER_USER,
  WORKFLOW_WRITE_WINDOW_MS,
);
const perUser = rateLimit(workflowWrites, (ctx) => String(userOf(ctx).id));

/** Saved workflow history on the server, so it follows the user to every device. */
export function workflowRoutes() {
  const router = new Router<AppState, AppDeps>({ prefix: '/api/workflows' });
  // Queued offline work names its owner: never applied with another account's session.
  router.use(expectedUser());

  router.get('/', requireUser(), async (ctx) => {
    ctx.body = (await listWorkflows(ctx.pool, userOf(ctx).id)).map(presentWorkflow);
  });

  router.get('/:id', requireUser(), async (ctx) => {
    const found = await findWorkflow(ctx.pool, userOf(ctx).id, ctx.params.id!);
    if (!found) throw NotFound('Workflow');
    const body: WorkflowWithResult = { ...presentWorkflow(found), result: found.result };
    ctx.body = body;
  });

  router.post('/', requireUser(), perUser, validate(WorkflowInput), async (ctx) => {
    const input = inputOf(ctx, WorkflowInput);
    const item = { ...input, date: input.date, userId: userOf(ctx).id };
    // A concurrent save of the same id is invisible to this statement's snapshot: look once more.
    const saved = (await saveWorkflow(ctx.pool, item)) ?? (await saveWorkflow(ctx.pool, item));
    if (!saved) throw NotFound('Workflow');
    ctx.status = 201;
    ctx.body = presentWorkflow(saved);
  });

  router.patch('/:id', requireUser(), perUser, validate(RenameWorkflowInput), async (ctx) => {
    const renamed = await renameWorkflow(
      ctx.pool,
      userOf(ctx).id,
      ctx.params.id!,
      inputOf(ctx, RenameWorkflowInput).name,
    );
    if (!renamed) throw NotFound('Workflow');
    ctx.body = presentWorkflow(renamed);
  });

  router.delete('/:id', requireUser(), async (ctx) => {
    if (!(await deleteWorkflow(ctx.pool, userOf(ctx).id, ctx.params.id!)))
      throw NotFound('Workflow');
    ctx.body = { ok: true };
  });

  return router;
}
