/**
 * 'Share' on a saved analysis: the share sheet for it, with the phone's copy (its matrix as a
 * table) for the files made here with no signal. Until the saved history has reached the server,
 * a link cannot be made: the sheet says why.
 */
import { useSafeLiveQuery } from '../../data/hooks/useSafeLiveQuery';
import type { CompetitorAnalysis } from '../../../domain/contract/playbooks';
import { analysisMarkdown, competitiveWorkflowName } from '../../../domain/playbooks/competitive';
import { openUserDb } from '../../data/db';
import { ShareLinkSheet } from '../links/ShareLinkSheet';

export function ShareAnalysis({
  userId,
  workflowId,
  description,
  analysis,
  onClose,
}: {
  userId: number;
  workflowId: string;
  description: string;
  analysis: CompetitorAnalysis;
  onClose: () => void;
}) {
  const db = openUserDb(userId);
  const record = useSafeLiveQuery(() => db.workflows.get(workflowId), [db, workflowId], undefined);
  const title = record?.title ?? competitiveWorkflowName(analysis.topic);
  return (
    <ShareLinkSheet
      userId={userId}
      target={{
        workflowId,
        title,
        local: { title, content: analysisMarkdown({ description, analysis }), emailSubject: null },
        ...(record && !record.synced
          ? {
              notOnServerYet:
                'This analysis is still on its way from this phone to your saved history: the link can be made once it has arrived.',
            }
          : {}),
      }}
      onClose={onClose}
    />
  );
}
