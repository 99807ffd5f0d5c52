/**
 * 'Send to HubSpot' (or Salesforce) under a result the rep keeps in their CRM: a CRM note, a
 * follow-up email, a call analysis. The button opens a sheet that shows what will be written
 * (editable) and where: the records, found as the rep types, with the records used before and those
 * the note names first. Sent, the push is queued on the phone (crmPushes.ts): with no signal it
 * waits and goes when the signal returns. Under the buttons, each push of this result says where it
 * stands: waiting, saved (with a link that opens the record in the CRM), or what it needs.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { cloudUploadOutline, openOutline } from 'ionicons/icons';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { groupThousands } from '../../../domain/numbers';
import type { CrmRecord, CrmSourceKind } from '../../../domain/contract/crm';
import {
  CRM_NAMES,
  CRM_NOTE_MAX_CHARS,
  CRM_TARGETS_MAX,
  type CrmProvider,
} from '../../../domain/contract/crmBasics';
import { userIdOfDb, type PitchpadDb } from '../../data/db';
import { useSafeLiveQuery } from '../../data/hooks/useSafeLiveQuery';
import { useToast } from '../../ui/ToastProvider';
import { useKeyboardInView } from '../../ui/useKeyboardInView';
import { useOnline } from '../../ui/useOnline';
import { crmConnectionsQueryOptions, crmRecordsQueryOptions } from './crm.queries';
import {
  forgetPush,
  keepUnplaced,
  placePush,
  queuePush,
  readPushes,
  recentRecords,
  savedLine,
  type LocalPush,
} from './crmPushes';
// oxlint-disable-next-line import/no-unassigned-import -- the push sheet is the email editor's full-screen sheet
import '../playbooks/emailEditor.css';
// oxlint-disable-next-line import/no-unassigned-import -- the sheet's own additions
import './crm.css';
import { useDebounced } from '../../ui/useDebounced';
import { InlineIcon } from '../../ui/InlineIcon';

/** How long the typing must pause before the CRM is searched. */
const SEARCH_PAUSE_MS = 300;

const RECORD_TYPE_WORD: Record<CrmRecord['type'], Record<CrmProvider, string>> = {
  contact: { hubspot: 'Contact', salesforce: 'Contact' },
  company: { hubspot: 'Company', salesforce: 'Account' },
  deal: { hubspot: 'Deal', salesforce: 'Opportunity' },
};

export interface CrmSource {
  kind: CrmSourceKind;
  /** The chat the result is in: its pushes show under it. */
  ref: string;
}

interface SendToCrmProps {
  db: PitchpadDb;
  source: CrmSource;
  /** What the result is called (the chat's title): the push's name when no company is chosen. */
  title: string;
  /** The note as it will be written, before the rep edits it. */
  text: string;
  /** A follow-up email's subject: the sheet then offers to log it as an email sent. */
  emailSubject?: string;
}

export function SendToCrm({ db, source, title, text, emailSubject }: SendToCrmProps) {
  const userId = userIdOfDb(db);
  const connections = useQuery({
    ...crmConnectionsQueryOptions(userId ?? 0),
    enabled: userId !== undefined,
  });
  const pushes = (useSafeLiveQuery(() => readPushes(db), [db], []) ?? []).filter(
    (push) => push.input.source.ref === source.ref && push.input.source.kind === source.kind,
  );
  const [open, setOpen] = useState<{ provider: CrmProvider; unplaced?: LocalPush } | null>(null);
  const connected = (connections.data?.crms ?? []).filter((crm) => crm.connection);
  if (userId === undefined || (connected.length === 0 && pushes.length === 0)) return null;

  return (
    <div className="crm-send">
      {connected.map(({ provider }) => (
        <button
          key={provider}
          type="button"
          className="result-actions__button"
          onClick={() => setOpen({ provider })}
        >
          <InlineIcon icon={cloudUploadOutline} />
          Send to {CRM_NAMES[provider]}
        </button>
      ))}
      {pushes.length > 0 && (
        <ul className="crm-send__pushes" aria-label="Sent to your CRM">
          {pushes.map((push) => (
            <PushStatus
              key={push.id}
              db={db}
              push={push}
              onPlace={() => setOpen({ provider: push.input.provider, unplaced: push })}
            />
          ))}
        </ul>
      )}
      {open && (
        <PushSheet
          db={db}
          userId={userId}
          provider={open.provider}
          source={source}
          title={title}
          text={open.unplaced?.input.body ?? text}
          emailSubject={emailSubject}
          unplacedId={open.unplaced?.id}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}

/** Where one push stands, in a line, and what the rep can do about it. */
function PushStatus({
  db,
  push,
  onPlace,
}: {
  db: PitchpadDb;
  push: LocalPush;
  onPlace: () => void;
}) {
  const online = useOnline();
  const ids = useId();
  const name = CRM_NAMES[push.input.provider];
  const when = push.savedAt
    ? new Date(push.savedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
    : '';
  switch (push.state) {
    case 'saved':
      return (
        <li className="crm-send__push crm-send__push--saved">
          <span>
            {savedLine(push)}
            {push.cut ? ' (cut to fit)' : ''}
            {when ? ` · ${when}` : ''}
          </span>
          {push.recordUrl && (
            <a href={push.recordUrl} target="_blank" rel="noopener noreferrer">
              Open in {name}
              <InlineIcon icon={openOutline} />
            </a>
          )}
        </li>
      );
    case 'reconnect':
      return (
        <li className="crm-send__push crm-send__push--problem">
          <span>
            Waiting to go to {name}: {push.problem}
          </span>
          <Link to="/account">Reconnect {name}</Link>
        </li>
      );
    case 'refused':
      return (
        <li className="crm-send__push crm-send__push--problem">
          <span>
            Not saved to {name}: {push.problem}
          </span>
          {/* A record gone: the same note, to records chosen again. */}
          {/no longer in/.test(push.problem ?? '') && (
            <button type="button" className="crm-send__link-button" onClick={onPlace}>
              Choose again
            </button>
          )}
          <button
            type="button"
            className="crm-send__link-button"
            onClick={() => void forgetPush(db, push.id)}
          >
            Dismiss
          </button>
        </li>
      );
    case 'unplaced':
      return (
        <li className="crm-send__push crm-send__push--problem">
          <span id={`${ids}-why`}>
            Kept on this phone: pick where it goes in {name}
            {online ? '.' : ' once you’re back online.'}
          </span>
          <button
            type="button"
            className="crm-send__link-button"
            disabled={!online}
            aria-describedby={`${ids}-why`}
            onClick={onPlace}
          >
            Pick the record
          </button>
        </li>
      );
    default:
      return (
        <li className="crm-send__push" role="status">
          {online ? `Sending to ${name}…` : `Waiting for signal to go to ${name}`}
        </li>
      );
  }
}

/** The records used before, those the note names first. */
function suggestionsFor(recent: CrmRecord[], text: string): CrmRecord[] {
  const lower = text.toLowerCase();
  const named = (record: CrmRecord) =>
    record.name.split(/\s+/).some((word) => word.length > 2 && lower.includes(word.toLowerCase()));
  return [...recent.filter(named), ...recent.filter((record) => !named(record))];
}

/** Salesforce relates a Task to one contact and one account or opportunity: a new pick replaces its kind. */
function addRecord(provider: CrmProvider, chosen: CrmRecord[], record: CrmRecord): CrmRecord[] {
  if (chosen.some((r) => r.type === record.type && r.id === record.id)) return chosen;
  const kept =
    provider === 'salesforce'
      ? chosen.filter((r) => (r.type === 'contact') !== (record.type === 'contact'))
      : chosen;
  return [...kept, record].slice(-CRM_TARGETS_MAX);
}

function PushSheet({
  db,
  userId,
  provider,
  source,
  title,
  text,
  emailSubject,
  unplacedId,
  onClose,
}: {
  db: PitchpadDb;
  userId: number;
  provider: CrmProvider;
  source: CrmSource;
  title: string;
  text: string;
  emailSubject?: string;
  /** A push kept unplaced, now getting its records. */
  unplacedId?: string;
  onClose: () => void;
}) {
  const name = CRM_NAMES[provider];
  const dialog = useRef<HTMLDialogElement>(null);
  const ids = useId();
  const toast = useToast();
  const online = useOnline();
  const [body, setBody] = useState(text);
  const [chosen, setChosen] = useState<CrmRecord[]>([]);
  const [typed, setTyped] = useState('');
  const [asEmail, setAsEmail] = useState(false);
  const [sending, setSending] = useState(false);
  const query = useDebounced(typed.trim(), SEARCH_PAUSE_MS);
  const found = useQuery({
    ...crmRecordsQueryOptions(userId, provider, query),
    enabled: online && query.length >= 2,
  });
  const recent = useSafeLiveQuery(() => recentRecords(db, provider), [db, provider], []);
  const suggestions = useMemo(
    () =>
      suggestionsFor(recent ?? [], text).filter(
        (r) => !chosen.some((c) => c.type === r.type && c.id === r.id),
      ),
    [recent, text, chosen],
  );
  useKeyboardInView();

  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
    return () => el?.close();
  }, []);

  const company = chosen.find((r) => r.type === 'company') ?? chosen.find((r) => r.type === 'deal');
  const pushTitle = (company ?? chosen[0])?.name ?? title;
  const tooLong = body.trim().length > CRM_NOTE_MAX_CHARS;
  const reason =
    chosen.length === 0
      ? `Choose at least one record in ${name} to attach the note to.`
      : !body.trim()
        ? 'Write the note to send.'
        : tooLong
          ? `The note has ${groupThousands(body.trim().length)} characters: at most ${groupThousands(CRM_NOTE_MAX_CHARS)} go to a CRM. Shorten it.`
          : '';
  const canSend = !reason;

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!canSend || sending) return;
    setSending(true);
    try {
      const input = {
        provider,
        source,
        title: pushTitle.slice(0, 120),
        body,
        targets: chosen,
        ...(asEmail && emailSubject ? { asEmail: { subject: emailSubject.slice(0, 200) } } : {}),
      };
      if (unplacedId) await placePush(db, unplacedId, input);
      else await queuePush(db, input);
      if (!navigator.onLine)
        toast({
          header: 'Saved on this phone',
          message: `It goes to ${name} when you’re back online.`,
          color: 'success',
        });
      onClose();
    } catch (error) {
      setSending(false);
      toast({
        header: 'Not sent',
        message: error instanceof Error ? error.message : String(error),
        color: 'danger',
      });
    }
  };

  // No signal and nothing to pick from: the note is kept here until the rep picks a record online.
  const handleKeep = async () => {
    await keepUnplaced(db, {
      provider,
      source,
      title: title.slice(0, 120),
      body,
      ...(asEmail && emailSubject ? { asEmail: { subject: emailSubject.slice(0, 200) } } : {}),
    });
    toast({
      header: 'Kept on this phone',
      message: `Pick where it goes in ${name} when you’re back online: it waits under this result.`,
      color: 'success',
    });
    onClose();
  };

  const recordButton = (record: CrmRecord) => (
    <li key={`${record.type}:${record.id}`}>
      <button
        type="button"
        className="crm-sheet__record"
        onClick={() => {
          setChosen((now) => addRecord(provider, now, record));
          setTyped('');
        }}
      >
        <span className="crm-sheet__record-name">{record.name}</span>
        <span className="crm-sheet__record-detail">
          {RECORD_TYPE_WORD[record.type][provider]}
          {record.detail ? ` · ${record.detail}` : ''}
        </span>
      </button>
    </li>
  );

  const results = found.data?.records ?? [];
  return (
    <dialog
      ref={dialog}
      className="email-editor crm-sheet"
      aria-labelledby={`${ids}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <form className="email-editor__form" onSubmit={(event) => void handleSubmit(event)}>
        <header className="email-editor__bar">
          <button
            type="button"
            className="pp-button pp-button--ghost email-editor__bar-button"
            onClick={onClose}
          >
            Cancel
          </button>
          <div className="email-editor__heading">
            <h2 id={`${ids}-title`} className="email-editor__title">
              Send to {name}
            </h2>
          </div>
          <button
            type="submit"
            className="pp-button pp-button--primary email-editor__bar-button"
            disabled={!canSend}
            aria-describedby={reason ? `${ids}-reason` : undefined}
            aria-busy={sending || undefined}
          >
            {sending ? 'Sending…' : 'Send'}
          </button>
        </header>
        <div className="email-editor__scroll">
          <section className="crm-sheet__where" aria-labelledby={`${ids}-where`}>
            <h3 id={`${ids}-where`} className="email-editor__label">
              Attach to
            </h3>
            {chosen.length > 0 ? (
              <ul className="crm-sheet__chosen" aria-label="Chosen records">
                {chosen.map((record) => (
                  <li key={`${record.type}:${record.id}`} className="crm-sheet__chip">
                    <span>
                      {record.name}
                      <span className="crm-sheet__record-detail">
                        {' '}
                        · {RECORD_TYPE_WORD[record.type][provider]}
                      </span>
                    </span>
                    <button
                      type="button"
                      className="crm-sheet__chip-remove"
                      aria-label={`Remove ${record.name}`}
                      onClick={() => setChosen((now) => now.filter((r) => r !== record))}
                    >
                      ×
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
            {reason && (
              <p id={`${ids}-reason`} className="crm-sheet__hint">
                {reason}
              </p>
            )}
            <label className="email-editor__field" data-keyboard-step>
              <span className="visually-hidden">Find a record</span>
              <input
                className="email-editor__input"
                type="search"
                value={typed}
                placeholder={
                  online
                    ? 'Find a contact, company or deal'
                    : 'No signal: pick from records used before'
                }
                disabled={!online}
                aria-describedby={online ? undefined : `${ids}-offline`}
                autoComplete="off"
                onChange={(event) => setTyped(event.target.value)}
              />
            </label>
            {!online && (
              <p id={`${ids}-offline`} className="crm-sheet__hint">
                {suggestions.length > 0
                  ? `Searching ${name} needs a connection. Records you used before are below.`
                  : `Searching ${name} needs a connection, and no record was used before on this phone.`}
              </p>
            )}
            {!online && chosen.length === 0 && !unplacedId && body.trim() && (
              <button type="button" className="pp-button" onClick={() => void handleKeep()}>
                Keep it and pick the record when online
              </button>
            )}
            {online && query.length >= 2 && (
              <div>
                <p className="visually-hidden" role="status">
                  {found.data ? `${found.data.records.length} found in ${name}` : ''}
                </p>
                {found.isFetching && !found.data ? (
                  <p className="crm-sheet__hint">Searching {name}…</p>
                ) : found.isError ? (
                  <p className="form-error" role="alert">
                    {found.error.message}
                  </p>
                ) : results.length === 0 ? (
                  <p className="crm-sheet__hint">
                    Nothing in {name} matches “{query}”.
                  </p>
                ) : (
                  <ul className="crm-sheet__records" aria-label={`Found in ${name}`}>
                    {results.map(recordButton)}
                  </ul>
                )}
              </div>
            )}
            {suggestions.length > 0 && typed.trim().length < 2 && (
              <>
                <h4 className="crm-sheet__subhead">Used before</h4>
                <ul className="crm-sheet__records" aria-label="Used before">
                  {suggestions.map(recordButton)}
                </ul>
              </>
            )}
          </section>
          {emailSubject && (
            <label className="crm-sheet__check">
              <input
                type="checkbox"
                checked={asEmail}
                onChange={(event) => setAsEmail(event.target.checked)}
              />
              Log it as an email sent (“{emailSubject}”), not as a note
            </label>
          )}
          <label className="email-editor__field email-editor__field--body" data-keyboard-step>
            <span className="email-editor__label">What {name} gets</span>
            <textarea
              className="email-editor__textarea"
              value={body}
              onChange={(event) => setBody(event.target.value)}
            />
          </label>
        </div>
      </form>
    </dialog>
  );
}
