/** The decline dialog's rules (document 2 sections 2 and 5): keys of the 10 fixed reasons, validity, the list sent. */
import { DECLINE_REASON_KEYS, type DeclineReasonKey } from "../../domain/policies";

export { DECLINE_REASON_KEYS, type DeclineReasonKey };

export interface DeclineChoice {
  reasons: DeclineReasonKey[];
  other: boolean;
  otherText: string;
}

/** At least one reason, or Other with text that is not blank once trimmed. */
export function declineValid(choice: DeclineChoice): boolean {
  if (choice.other && !choice.otherText.trim()) return false;
  return choice.reasons.length > 0 || choice.other;
}

/** The texts stored in system_data.rejection_reasons, in the list's order, Other last and trimmed. */
export function declineTexts(choice: DeclineChoice, label: (key: DeclineReasonKey) => string): string[] {
  const fixed = DECLINE_REASON_KEYS.filter((k) => choice.reasons.includes(k)).map(label);
  return choice.other ? [...fixed, choice.otherText.trim()] : fixed;
}

/** The keyboard: "1"…"9" tick reasons 1–9, "0" the tenth. */
export function reasonForDigit(key: string): DeclineReasonKey | null {
  if (!/^[0-9]$/.test(key)) return null;
  return DECLINE_REASON_KEYS[key === "0" ? 9 : Number(key) - 1];
}
