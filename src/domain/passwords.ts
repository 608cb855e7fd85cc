/**
 * The password rule of reset, invitation and profile change (issue 9, hole 10): at least 10 characters, at most 128,
 * and not one of the passwords every guessing list starts with. Shared by the console (length, as the user types) and
 * the server (everything).
 */
export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 128;

/** The common passwords long enough to pass the length rule (lower case), from the usual breach top lists. */
const COMMON_PASSWORDS = new Set([
  "1234567890", "0123456789", "0987654321", "1234567891", "1234512345", "1122334455", "1111111111", "123456789a",
  "12345678910", "123123123123", "1q2w3e4r5t", "1q2w3e4r5t6y", "q1w2e3r4t5", "a1b2c3d4e5", "1qaz2wsx3edc", "zaq12wsxcde3",
  "qwertyuiop", "qwerty1234", "qwerty12345", "qwerty123456", "123qweasdzxc", "asdfghjkl1", "asdfghjkl;", "zxcvbnm123",
  "abcdefghij", "abcd123456", "abc1234567", "password12", "password123", "password1234", "password!1", "passw0rd123",
  "p@ssw0rd123", "p@ssword123", "iloveyou12", "iloveyou123", "princess123", "football123", "baseball123", "letmein123",
  "welcome123", "welcome1234", "administrator", "admin12345", "admin123456", "changeme123", "sunshine123", "starwars123",
  "trustno1234", "superman123", "monkey1234", "dragon1234", "master1234", "computer123", "whatever123", "qazwsxedc123",
  "michael123", "jennifer123", "jordan2323", "liverpool123", "chelsea123", "spring2024", "summer2024", "winter2024",
  "autumn2024", "spring2025", "summer2025", "winter2025", "autumn2025", "spring2026", "summer2026", "winter2026",
  "autumn2026", "january2026", "coverdesk1", "coverdesk123", "coverdesk2026", "insurance1", "insurance123",
  "renters123", "letmein1234", "loveyou1234", "secret1234", "default123", "temp123456", "test123456", "testtest12",
]);

export type PasswordProblem = "too_short" | "too_long" | "too_common";

/** What is wrong with a new password, or null. A single repeated character or a run of digits counts as common. */
export function passwordProblem(password: string): PasswordProblem | null {
  if (password.length < MIN_PASSWORD_LENGTH) return "too_short";
  if (password.length > MAX_PASSWORD_LENGTH) return "too_long";
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower) || /^(.)\1+$/.test(lower) || "01234567890123456789".includes(lower) || "98765432109876543210".includes(lower)) return "too_common";
  return null;
}
