import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names. It does not resolve conflicts between Tailwind classes (decision 007): a
 * component's caller adds classes, it never overrides one the component sets — use a variant
 * instead. tests/class-conflicts.test.ts checks every public page for conflicting classes.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
