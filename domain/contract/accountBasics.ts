// What the app and the API share about the account without zod: the words a refused change is
// answered with and the data's two addresses. The account screen imports these, not the schemas in
// account.ts and accountData.ts: building those as the module loads held a slow phone's main thread
// on the account's start.

export const NEW_PASSWORD_SAME = 'Your new password must differ from the current one';
export const EMAIL_SAME = 'That is already your email';

/** A sensitive change asked with no proof: the server's words and the form's, the same (api/account/confirmIdentity.ts). */
export const NO_PROOF = 'Enter your current password to confirm it is you.';

export const ACCOUNT_EXPORT_PATH = '/api/account/export';
export const ACCOUNT_DELETE_PATH = '/api/account/delete';
