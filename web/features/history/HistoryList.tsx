import {
  checkmarkOutline,
  closeOutline,
  createOutline,
  documentTextOutline,
  timeOutline,
  trashOutline,
} from 'ionicons/icons';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { formatHistoryDate, type HistoryItem } from './workflowStore';
import { IconButton } from '../../ui/IconButton';
import { InlineIcon } from '../../ui/InlineIcon';

export const EMPTY_TITLE = 'No saved history yet';
export const EMPTY_HINT = 'Complete a workflow to see it here';

interface HistoryListProps {
  items: readonly HistoryItem[] | undefined;
  onOpen: (item: HistoryItem) => void;
  onRename: (id: string, name: string) => void;
  onDelete: (id: string) => void;
  /** An item to open in rename mode (the save toast's Rename action). */
  renameId?: string | null;
  /** Where an item's result was saved in the rep's CRM, by item id. */
  crmMarks?: Readonly<Record<string, string>>;
}

/** Saved workflows: name, type badge and date; open, inline rename and delete. */
export function HistoryList({
  items,
  onOpen,
  onRename,
  onDelete,
  renameId = null,
  crmMarks = {},
}: HistoryListProps) {
  const [editing, setEditing] = useState<string | null>(renameId);
  const [confirmingDelete, setConfirmingDelete] = useState<string | null>(null);
  // Another item asked for rename mode while the list is open (a second save toast's Rename).
  const [renameAsked, setRenameAsked] = useState(renameId);
  if (renameId !== renameAsked) {
    setRenameAsked(renameId);
    setEditing(renameId);
  }

  if (items === undefined) return <div className="history__loading" aria-busy="true" />;
  if (items.length === 0) {
    return (
      <div className="history__empty">
        <span className="history__empty-icon" aria-hidden="true">
          <InlineIcon icon={timeOutline} />
        </span>
        <p className="history__empty-title">{EMPTY_TITLE}</p>
        <p className="history__empty-hint">{EMPTY_HINT}</p>
      </div>
    );
  }
  return (
    <ul className="history__list" aria-label="Saved workflows">
      {items.map((item) => (
        <li key={item.id} className="history-item">
          {editing === item.id ? (
            <RenameForm
              initial={item.name}
              onSave={(name) => {
                setEditing(null);
                onRename(item.id, name);
              }}
              onCancel={() => setEditing(null)}
            />
          ) : (
            <>
              <button type="button" className="history-item__open" onClick={() => onOpen(item)}>
                <span
                  className={`history-item__icon history-item__icon--${slug(item.workflowType)}`}
                  aria-hidden="true"
                >
                  <InlineIcon icon={documentTextOutline} />
                </span>
                <span className="history-item__text">
                  <span className="history-item__name">{item.name}</span>
                  <span className="history-item__meta">
                    <span className={`history-badge history-badge--${slug(item.workflowType)}`}>
                      {item.workflowType}
                    </span>
                    <time dateTime={item.date}>{formatHistoryDate(item.date)}</time>
                    {crmMarks[item.id] && (
                      <span className="history-item__crm">{crmMarks[item.id]}</span>
                    )}
                  </span>
                </span>
              </button>
              {confirmingDelete === item.id ? (
                <span className="history-item__confirm">
                  <button
                    type="button"
                    className="history-item__delete-confirm"
                    onClick={() => {
                      setConfirmingDelete(null);
                      onDelete(item.id);
                    }}
                  >
                    Delete
                  </button>
                  <IconButton
                    className="history-item__action"
                    aria-label="Keep it"
                    onClick={() => setConfirmingDelete(null)}
                    icon={closeOutline}
                  />
                </span>
              ) : (
                <span className="history-item__actions">
                  <IconButton
                    className="history-item__action"
                    aria-label={`Rename ${item.name}`}
                    title="Rename"
                    onClick={() => setEditing(item.id)}
                    icon={createOutline}
                  />
                  <IconButton
                    className="history-item__action history-item__action--danger"
                    aria-label={`Delete ${item.name}`}
                    title="Delete"
                    onClick={() => setConfirmingDelete(item.id)}
                    icon={trashOutline}
                  />
                </span>
              )}
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

function RenameForm({
  initial,
  onSave,
  onCancel,
}: {
  initial: string;
  onSave: (name: string) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(initial);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    // A blank name is ignored: the old one stays.
    if (name.trim()) onSave(name);
    else onCancel();
  };
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCancel();
    }
  };
  return (
    <form className="history-rename" onSubmit={handleSubmit}>
      <input
        ref={input}
        className="history-rename__input"
        value={name}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={handleKeyDown}
        aria-label="New name"
        maxLength={200}
        enterKeyHint="done"
      />
      <IconButton
        type="submit"
        className="history-item__action history-item__action--ok"
        aria-label="Save name"
        title="Save"
        icon={checkmarkOutline}
      />
      <IconButton
        className="history-item__action"
        aria-label="Cancel rename"
        title="Cancel"
        onClick={onCancel}
        icon={closeOutline}
      />
    </form>
  );
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
