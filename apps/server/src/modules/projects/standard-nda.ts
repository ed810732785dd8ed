import { createHash } from 'node:crypto';

/**
 * Sciwise's standard non-disclosure agreement (decision 064). It names no project or person, so
 * its SHA-256 is one constant: an acceptance records exactly which words were agreed to. Changing
 * a single character makes a new agreement that experts accept again; keep old versions' hashes
 * meaningful by never editing this text in place without a reason worth that.
 */
export const STANDARD_NDA_TEXT = `Sciwise standard confidentiality agreement (version 1)

1. Parties. This agreement is between the client who posted this project on Sciwise (the "Client") and you, the expert who accepts it (the "Expert").

2. Confidential information. Everything the Client shares about this project through Sciwise or otherwise: the full brief, its attachments, data, methods, results, unpublished research, and the Client's business and technical information. It does not include information that is public through no fault of the Expert, that the Expert already lawfully knew, or that the Expert develops independently without using it.

3. Use. The Expert uses the confidential information only to prepare a quote for this project and, if hired, to do the work agreed on Sciwise. The Expert does not use it to compete with the Client, to publish, or to train or improve any product or model.

4. Care. The Expert keeps the confidential information at least as carefully as their own, and never less than reasonably: no sharing with anyone who does not need it for the work and is not bound by the same duties, no copies beyond what the work needs, and no upload to public tools or services.

5. Required disclosure. If a law or court requires disclosure, the Expert tells the Client first where the law allows, and discloses only what is required.

6. Return and deletion. When the Client asks, or when the Expert is not hired or the work ends, the Expert deletes or returns the confidential information, except copies the law requires them to keep, which stay confidential.

7. Duration. These duties start when the Expert accepts and last five years, and for trade secrets as long as they remain trade secrets.

8. No other rights. Nothing here transfers ownership or grants a licence. Work done under a Sciwise contract is governed by that contract.

9. Record. Sciwise records the name typed below, the time, the network address and this text's fingerprint as evidence of acceptance, and shows that record to the Client.`;

export const STANDARD_NDA_SHA256 = createHash('sha256').update(STANDARD_NDA_TEXT).digest('hex');

/** The agreement columns the editor's choice sets ('custom' comes from uploading a PDF). */
export function ndaChoiceColumns(choice: 'none' | 'standard') {
  return {
    ndaMode: choice,
    ndaSha256: choice === 'standard' ? STANDARD_NDA_SHA256 : null,
    ndaFileKey: null,
    ndaFileName: null,
  };
}
