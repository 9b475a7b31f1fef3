/**
 * Bookkeeping references that ledger exports append to a line ("diesel for the vans ref 3-61",
 * "paper invoice 4411", "toner PO 12345", "INV-2231"): they name a document, not an activity, so
 * resolve reads past them. Left in, "invoice" was corrected to "ivoire" (Côte d'Ivoire) and "ref"
 * pulled the answer toward spend factors. Reference words, not factor data.
 */

// A code: optional "no"/"nr"/"number", then ":", "#" or "-", then letters and digits with at least one digit.
// One way to read each run of spaces (no `\s*[:#-]?\s*`): 500 spaces after "ref" cost 0.35 ms that way.
const CODE = String.raw`(?:\s*(?:[Nn][Oo]|[Nn][Rr]|[Nn]umber)\.?)?\s*(?:[:#-]\s*)?(?=[\p{L}\p{N}/-]*\p{N})[\p{L}\p{N}][\p{L}\p{N}/-]*`

/** Words that only ever name a document: dropped with the code after them, if any. */
const DOCUMENT_WORDS = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:invoice|invoices|voucher|txn|reference)(?![\p{L}\p{N}])\.?(?:${CODE})?`, 'giu')

/** Short forms that may be other words ("ref" for refrigerant): dropped only with a code after them. */
const SHORT_FORMS = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:ref|refs|inv)(?![\p{L}])\.?(?:${CODE})`, 'giu')

/** A purchase order: "PO 12345", "PO#77", "P.O. 4411" (upper case, and only with its number). */
const PURCHASE_ORDER = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:PO|P\.O\.)(?![\p{L}])${CODE}`, 'gu')

/** `text` without its bookkeeping references (each replaced by a space). */
export function dropReferences(text: string): string {
  return text.replace(DOCUMENT_WORDS, ' ').replace(SHORT_FORMS, ' ').replace(PURCHASE_ORDER, ' ')
}
