/**
 * How every screen names a server without a language model, so a rep recognises it wherever it
 * appears (the notices, Settings → Model, the worksheet); each adds what they get instead. A module
 * of its own, without zod: the landing page's notice carries it on a first visit.
 */
export const NO_MODEL_TEXT = 'No AI model is connected';
