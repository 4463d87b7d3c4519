/** "housesitting" → "Housesitting": the category name with a capital first letter. */
export function capitaliseCategory(category: string): string {
  return category.charAt(0).toUpperCase() + category.slice(1);
}
