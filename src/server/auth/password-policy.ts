import { PASSWORD_MAX, PASSWORD_MIN } from "./passwords.ts";

/** Long passwords that still top breach lists; anything shorter than PASSWORD_MIN is refused anyway. */
const COMMON = new Set([
  "password1234",
  "password12345",
  "password123456",
  "passwordpassword",
  "123456789012",
  "1234567890123",
  "12345678901234",
  "123456123456",
  "qwertyuiopas",
  "qwerty123456",
  "qwertyqwerty",
  "iloveyou1234",
  "abcdefghijkl",
  "abc123abc123",
  "letmein12345",
  "welcome12345",
  "administrator",
  "changeme1234",
  "111111111111",
  "000000000000",
  "aaaaaaaaaaaa",
  "asdfghjkl123",
  "1q2w3e4r5t6y",
  "football1234",
  "princess1234",
  "sunshine1234",
  "trustno11234",
  "monkey123456",
  "dragon123456",
  "baseball1234",
]);

/** Returns a problem to show, or null. No composition rules (NIST 800-63B, ASVS 6.2.5). */
export function passwordProblem(password: string, email: string): string | null {
  if ([...password].length < PASSWORD_MIN) return `Use at least ${PASSWORD_MIN} characters`;
  if ([...password].length > PASSWORD_MAX) return `Use at most ${PASSWORD_MAX} characters`;
  const lower = password.toLowerCase();
  if (COMMON.has(lower) || /^(.)\1+$/.test(password)) return "This password is too common; choose another";
  if (lower === email.toLowerCase() || lower === email.split("@")[0]?.toLowerCase()) return "Your password must not be your e-mail address";
  return null;
}
