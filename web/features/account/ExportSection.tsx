// oxlint-disable-next-line import/no-unassigned-import -- the section's stylesheet, loaded with its chunk
import './ExportSection.css';
import { ACCOUNT_EXPORT_PATH } from '../../../domain/contract/accountBasics';

/**
 * Export: everything the rep keeps here, one ZIP (JSON for other apps, Markdown to read). A plain
 * link, so the browser streams the file to disk as the server writes it (a large account never sits
 * in the phone's memory) and shows its own download progress; the server refuses a download another
 * site starts (api/account/export.routes.ts).
 */
export function ExportSection() {
  return (
    <section className="account-section export-section" aria-labelledby="export-heading">
      <h2 id="export-heading">Export your data</h2>
      <p className="muted">
        One ZIP file with your chats, saved items, edited emails, idea analyses, profile and sales
        kit: JSON for other apps, and Markdown to read, one file per chat or item. It needs a
        connection.
      </p>
      <a
        className="pp-button pp-button--primary export-section__download"
        href={ACCOUNT_EXPORT_PATH}
        download
      >
        Download my data
      </a>
    </section>
  );
}
