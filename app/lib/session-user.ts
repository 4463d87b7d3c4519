/** What the page shell needs to know about the signed-in visitor (read by root's loader). */
export type SessionUser = {
  id: string;
  name: string;
  email: string;
  role: "user" | "staff" | "admin";
  userType: "customer" | "fixer";
  /** Staff approved their fixer application: the header and My Account link to the fixer dashboard. */
  approvedFixer: boolean;
};
