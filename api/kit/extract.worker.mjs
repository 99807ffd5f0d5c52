// The sales kit's reader of PDFs and Word documents, run as a child process (extract.ts forks it
// with a heap limit and a deadline, and kills it past them): a hostile file costs this process, not
// the server. Plain JavaScript, so plain `node` runs it beside the bundled server as under tsx in
// development. In: one IPC message { kind: 'pdf' | 'docx', bytes, maxInflatedBytes, maxPages }. Out:
// one message, { pages: { page, text }[] } or, for a file it cannot read, { fail: 'password' |
// 'damaged' | 'inflated' | 'pages' | 'memory', count? }, then it exits. Anything else that goes wrong
// here (a bug, a library that does not load) is not the file's doing: the error goes to stderr and the
// process exits 1, which extract.ts answers as the reader failing, to be tried again later.
const { kind, bytes, maxInflatedBytes, maxPages } = await new Promise((resolve) =>
  process.once('message', resolve),
);

/** A file this reader cannot read, and why (what extract.ts tells the rep). */
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
    throw pdfRefusal(error) ?? error;
  }
  let items;
  try {
    if (pdf.numPages > maxPages) throw new Refusal('pages', pdf.numPages);
    ({ items } = await extractTextItems(pdf));
  } catch (error) {
    throw pdfRefusal(error) ?? error;
  } finally {
    await pdf.loadingTask.destroy();
  }
  return items.map((onPage, i) => ({ page: i + 1, text: pageText(onPage) }));
}

/**
 * What pdf.js's error says of the file, or undefined when it is not about the file. pdf.js hands an
 * error its parser raised that is none of its own kinds over as an UnknownErrorException, the
 * original's `toString()` in `details`: a RangeError there is the file asking for more memory than
 * the reader has (a buffer it cannot allocate, a structure nested past the stack).
 */
function pdfRefusal(error) {
  if (error instanceof Refusal) return error;
  switch (error?.name) {
    case 'PasswordException':
      return new Refusal('password');
    case 'InvalidPDFException':
    case 'MissingPDFException':
    case 'FormatError':
      return new Refusal('damaged');
    case 'RangeError':
      return new Refusal('memory');
    case 'UnknownErrorException':
      return /^RangeError\b/.test(String(error.details)) ? new Refusal('memory') : undefined;
  }
  return undefined;
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
  // Lines closer than half their type size are a line's parts (a superscript), not its spacing. A
  // loop, not Math.min(...gaps): a page may hold more lines than a call takes arguments.
  let spacing = Infinity;
  gaps.forEach((gap, i) => {
    if (gap >= kept[i + 1].size / 2 && gap < spacing) spacing = gap;
  });
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
  } catch (error) {
    throw new Refusal(error instanceof RangeError ? 'memory' : 'damaged');
  }
}

/** To the server that forked this process; it exits once the answer is sent. */
const answer = (message) => process.send(message, () => process.exit(0));

try {
  answer({ pages: kind === 'pdf' ? await pdfPages() : await docxText() });
} catch (error) {
  // Anything else is thrown on: node prints it to stderr, which the server logs, and exits 1.
  if (error instanceof Refusal) answer({ fail: error.fail, count: error.count });
  else throw error;
}
