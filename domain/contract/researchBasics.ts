// What the app and the API share about research without zod: its limits and the key a subject is
// kept under. The chat's guided flows ('Look it up') load with every chat start and import these, not
// the schemas in research.ts: building those as the module loads held a slow phone's main thread.

/** The longest subject a rep may research ('Freightly', 'Dana Ortiz at Freightly'). */
export const RESEARCH_SUBJECT_MAX = 200;
/** The longest question a research may carry ('what did they launch this year?'). */
export const RESEARCH_QUESTION_MAX = 500;

/** The folded subject research is kept under: 'Freightly ' and 'freightly' are one. */
export const subjectKey = (subject: string) =>
  subject.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, ' ');
