-- Every account has its referral code from the day it is made (issue 48: a GET never writes; the
-- account page used to make the code on its first view). The accounts made before get theirs here:
-- eight letters of the code alphabet drawn from a random UUID, as the app's codes are; a draw that
-- meets another account's code (one in a billion) is skipped and drawn again on the next pass.
DO $$
BEGIN
  LOOP
    INSERT INTO "referral_codes" ("user_id", "code")
    SELECT u."id",
      (SELECT string_agg(substr('abcdefghjkmnpqrstuvwxyz23456789', 1 + get_byte(b.bytes, i) % 31, 1), '' ORDER BY i)
       FROM (SELECT decode(md5(u."id" || gen_random_uuid()::text), 'hex') AS bytes) b, generate_series(0, 7) i)
    FROM "users" u
    WHERE NOT EXISTS (SELECT 1 FROM "referral_codes" r WHERE r."user_id" = u."id")
    ON CONFLICT DO NOTHING;
    EXIT WHEN NOT EXISTS (SELECT 1 FROM "users" u WHERE NOT EXISTS (SELECT 1 FROM "referral_codes" r WHERE r."user_id" = u."id"));
  END LOOP;
END $$;
