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
  const { extractText, getDocumentProxy } = await import('unpdf');
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
    const { text } = await extractText(pdf, { mergePages: false });
    return text.map((t, i) => ({ page: i + 1, text: t }));
  } catch (error) {
    if (error?.name === 'FormatError') throw new Refusal('damaged');
    throw error;
  } finally {
    await pdf.loadingTask.destroy();
  }
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
