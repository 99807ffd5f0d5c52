// The sales kit's reader of PDFs and Word documents, run as a child process (extract.ts forks it
// with a heap limit and a deadline, and kills it past them): a hostile file costs this process, not
// the server. Plain JavaScript, so plain `node` runs it beside the bundled server as under tsx in
// development. In: one IPC message { kind: 'pdf' | 'docx', bytes, maxInflatedBytes, maxPages }. Out:
// one message, { pages: { page, text }[] } or { fail: 'password' | 'damaged' | 'inflated' | 'pages', count? },
// then it exits.
const { kind, bytes, maxInflatedBytes, maxPages } = await new Promise((resolve) =>
  process.once('message', resolve),
);

class Refusal extends Error {
  constructor(fail, count) {
    super(fail);
    this.fail = fail;
    this.count = count;
  }
}

async function pdfPages() {
  const { extractTextItems, getDocumentProxy } = await import('unpdf');
  let pdf;
  try {
    // This process's own copy of the bytes: pdf.js may take it over.
    pdf = await getDocumentProxy(bytes, { verbosity: 0 });
  } catch (error) {
    if (error?.name === 'PasswordException') throw new Refusal('password');
    if (error?.name === 'InvalidPDFException' || error?.name === 'FormatError')
      throw new Refusal('damaged');
    throw error;
  }
  try {
    if (pdf.numPages > maxPages) throw new Refusal('pages', pdf.numPages);
    const { items } = await extractTextItems(pdf);
    return items.map((onPage, i) => ({ page: i + 1, text: pageText(onPage) }));
  } catch (error) {
    if (error?.name === 'FormatError') throw new Refusal('damaged');
    throw error;
  } finally {
    await pdf.loadingTask.destroy();
  }
}

/**
 * A page's text with its paragraphs told apart: lines ('\n' between them), and a blank line where a
 * paragraph or heading starts. A PDF has no paragraphs, only text drawn at places: a new one starts
 * where the space above a line is clearly more than the page's line spacing (its smallest gap
 * between lines), where the type size changes (a heading), or where the text goes back up (a new
 * column). extract.ts cuts passages at those blank lines, so a heading starts the passage of the
 * paragraph under it instead of running into the one before.
 */
function pageText(items) {
  const lines = [];
  let line;
  for (const item of items) {
    line ??= { text: '', y: item.y, size: 0 };
    line.text += item.str;
    if (item.str.trim()) line.size = Math.max(line.size, item.fontSize);
    if (item.hasEOL) {
      lines.push(line);
      line = undefined;
    }
  }
  if (line) lines.push(line);
  const kept = lines.filter((l) => l.text.trim());
  const gaps = kept.slice(1).map((l, i) => kept[i].y - l.y);
  // Lines closer than half their type size are a line's parts (a superscript), not its spacing.
  const spacing = Math.min(...gaps.filter((gap, i) => gap >= kept[i + 1].size / 2));
  return kept
    .map((l, i) => {
      if (i === 0) return l.text;
      const above = kept[i - 1];
      const starts =
        gaps[i - 1] <= 0 || gaps[i - 1] > spacing * 1.4 || Math.abs(l.size - above.size) > 0.5;
      return `${starts ? '\n\n' : '\n'}${l.text}`;
    })
    .join('');
}

/**
 * A DOCX is a ZIP, read here by its central directory (as mammoth's JSZip reads it): only the parts
 * mammoth reads (XML and .rels, no media), refused when their declared sizes add up past the bound.
 * fflate inflates each into a buffer of its declared size and drops what would overflow it, so memory
 * stays within the bound whatever the data holds. Those parts, zipped again uncompressed, are what
 * mammoth reads: exactly what was checked.
 */
async function docxText() {
  const { unzipSync, zipSync } = await import('fflate');
  let declared = 0;
  let parts;
  try {
    parts = unzipSync(bytes, {
      filter(file) {
        if (!/\.(xml|rels)$/i.test(file.name)) return false;
        declared += file.originalSize;
        if (declared > maxInflatedBytes) throw new Refusal('inflated');
        return true;
      },
    });
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw new Refusal('damaged');
  }
  if (!parts['word/document.xml']) throw new Refusal('damaged');
  const mammoth = (await import('mammoth')).default;
  try {
    const zipped = zipSync(parts, { level: 0 });
    parts = undefined;
    const { value } = await mammoth.extractRawText({
      buffer: Buffer.from(zipped.buffer, zipped.byteOffset, zipped.byteLength),
    });
    return [{ page: null, text: value }];
  } catch {
    throw new Refusal('damaged');
  }
}

/** To the server that forked this process; it exits once the answer is sent. */
const answer = (message) => process.send(message, () => process.exit(0));

try {
  answer({ pages: kind === 'pdf' ? await pdfPages() : await docxText() });
} catch (error) {
  if (error instanceof Refusal) answer({ fail: error.fail, count: error.count });
  else throw error;
}
