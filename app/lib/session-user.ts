/** What the page shell needs to know about the signed-in visitor (read by root's loader). */
export type SessionUser = {
  id: string;
  name: string;
  email: string;
  role: "user" | "staff" | "admin";
  userType: "customer" | "fixer";
};
