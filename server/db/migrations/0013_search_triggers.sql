-- policies.search and users.search (issue 11; server/lib/search.ts): what the contains-searches of the policies grid,
-- the Policy Review queue and the customers list look in, one trigram index each instead of joins per search. One line
-- per value, tagged with its field, lower-cased, a line break inside a value written as a carriage return, so a line is
-- exactly one value and `(^|\n)n:[^\n]*smith` matches exactly the rows one of whose full names contains "smith".
--   policies: p:<number>, then per customer (policy_users order) n:<full name> e:<login email> c:<contact email>
--             t:<each T code>
--   users:    e:<login email> n:<full name> c:<contact email> f:<contact phone> t:<each T code> p:<each policy's number>
-- Kept in the writing transaction: a row's own values by row triggers (a policy's number; a new customer's text), the
-- rest by statement-level triggers on policy_users, users, profiles, integration_profiles and policies (bulk writes
-- recompute each touched row once per statement).
CREATE OR REPLACE FUNCTION search_value(tag text, value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT tag || ':' || lower(translate(value, E'\n', E'\r')) $$;
--> statement-breakpoint
-- The customers' lines of each policy in `ids` (policies without customers are absent).
CREATE OR REPLACE FUNCTION policy_search_customers(ids integer[]) RETURNS TABLE (policy_id integer, doc text) LANGUAGE sql STABLE AS $$
  SELECT pu.policy_id,
    string_agg(concat_ws(E'\n', search_value('n', p.full_name), search_value('e', u.email), search_value('c', p.contact_email),
      (SELECT string_agg(search_value('t', ip.external_id), E'\n' ORDER BY ip.id) FROM integration_profiles ip
        WHERE ip.profileable_type = 'User' AND ip.profileable_id = pu.user_id)), E'\n' ORDER BY pu.id)
  FROM policy_users pu JOIN users u ON u.id = pu.user_id
  LEFT JOIN profiles p ON p.profileable_type = 'User' AND p.profileable_id = pu.user_id
  WHERE pu.policy_id = ANY (ids)
  GROUP BY pu.policy_id
$$;
--> statement-breakpoint
-- Rewrites the search of the policies in `ids` whose text changed. The rows are locked first and the text read by the
-- next statement: in READ COMMITTED that statement sees what a concurrent writer of these policies committed while
-- this one waited for its lock (an UPDATE … FROM would keep the text it read before waiting). NO KEY UPDATE, as the
-- UPDATE itself takes: two transactions linking customers to one policy both hold its KEY SHARE (their foreign key
-- checks), and a FOR UPDATE from each would wait on the other's.
CREATE OR REPLACE FUNCTION policy_search_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM policies WHERE id = ANY (ids) ORDER BY id FOR NO KEY UPDATE;
  UPDATE policies po SET search = d.doc
  FROM (SELECT p2.id, concat_ws(E'\n', search_value('p', p2.number), c.doc) AS doc
        FROM policies p2 LEFT JOIN policy_search_customers(ids) c ON c.policy_id = p2.id
        WHERE p2.id = ANY (ids)) d
  WHERE po.id = d.id AND po.search IS DISTINCT FROM d.doc;
END $$;
--> statement-breakpoint
-- A policy's own line: set on insert (no customer can reference it yet), replaced when its number changes.
CREATE OR REPLACE FUNCTION policy_search_number() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.search := search_value('p', NEW.number);
  ELSIF NEW.number IS DISTINCT FROM OLD.number THEN
    NEW.search := search_value('p', NEW.number) || CASE WHEN strpos(OLD.search, E'\n') > 0 THEN substr(OLD.search, strpos(OLD.search, E'\n')) ELSE '' END;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- A customer's search text, from its email and what names it.
CREATE OR REPLACE FUNCTION user_search_text(uid integer, email text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT concat_ws(E'\n', search_value('e', email),
    (SELECT nullif(concat_ws(E'\n', search_value('n', p.full_name), search_value('c', p.contact_email), search_value('f', p.contact_phone)), '')
       FROM profiles p WHERE p.profileable_type = 'User' AND p.profileable_id = uid),
    (SELECT string_agg(search_value('t', ip.external_id), E'\n' ORDER BY ip.id) FROM integration_profiles ip
      WHERE ip.profileable_type = 'User' AND ip.profileable_id = uid),
    (SELECT string_agg(search_value('p', po.number), E'\n' ORDER BY pu.id) FROM policy_users pu JOIN policies po ON po.id = pu.policy_id
      WHERE pu.user_id = uid))
$$;
--> statement-breakpoint
-- Rewrites the search of the customers in `uids` whose text changed (locked first, read by the next statement, as
-- policy_search_refresh does).
CREATE OR REPLACE FUNCTION user_search_refresh(uids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM users WHERE id = ANY (uids) ORDER BY id FOR NO KEY UPDATE;
  UPDATE users u SET search = d.doc
  FROM (SELECT id, user_search_text(id, email) AS doc FROM users WHERE id = ANY (uids)) d
  WHERE u.id = d.id AND u.search IS DISTINCT FROM d.doc;
END $$;
--> statement-breakpoint
-- A new customer's text: its email and whatever already names it.
CREATE OR REPLACE FUNCTION user_search_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search := user_search_text(NEW.id, NEW.email);
  RETURN NEW;
END $$;
--> statement-breakpoint
-- Statement-level: recomputes the customers and policies a statement touched. TG_ARGV[0] names the table. Customers
-- are locked (NO KEY UPDATE) before their policies' text is read, on every path: a change to a customer's values and a
-- transaction linking that customer to a policy wait for each other, and the second reads what the first wrote.
-- Renumbering a policy takes it before its customers (the UPDATE holds the policy): done while another open
-- transaction links or edits one of its customers, the two can deadlock and PostgreSQL refuses one.
CREATE OR REPLACE FUNCTION search_touch() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text := TG_ARGV[0];
  pids integer[];
  uids integer[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    -- Every customer or policy line may be gone: rebuild all (tests and maintenance only).
    PERFORM user_search_refresh(ARRAY(SELECT id FROM users));
    PERFORM policy_search_refresh(ARRAY(SELECT id FROM policies));
    RETURN NULL;
  END IF;
  IF kind = 'policy_users' THEN
    EXECUTE CASE TG_OP
      WHEN 'INSERT' THEN 'SELECT array_agg(DISTINCT policy_id), array_agg(DISTINCT user_id) FROM new_rows'
      WHEN 'DELETE' THEN 'SELECT array_agg(DISTINCT policy_id), array_agg(DISTINCT user_id) FROM old_rows'
      ELSE 'SELECT array_agg(DISTINCT x.p), array_agg(DISTINCT x.u) FROM new_rows n JOIN old_rows o ON o.id = n.id,
              LATERAL (VALUES (n.policy_id, n.user_id), (o.policy_id, o.user_id)) x(p, u)
            WHERE (n.policy_id, n.user_id) IS DISTINCT FROM (o.policy_id, o.user_id)' END INTO pids, uids;
  ELSIF kind = 'policies' THEN
    -- A number changed: its customers' texts (the policy's own line is its row trigger's).
    EXECUTE 'SELECT array_agg(DISTINCT pu.user_id) FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN policy_users pu ON pu.policy_id = n.id
             WHERE n.number IS DISTINCT FROM o.number' INTO uids;
  ELSE
    -- The customers whose searched values the statement changed (the old and the new owner of a moved row).
    EXECUTE CASE
      WHEN kind = 'users' THEN 'SELECT array_agg(n.id) FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.email IS DISTINCT FROM o.email'
      WHEN TG_OP = 'INSERT' THEN 'SELECT array_agg(DISTINCT profileable_id) FROM new_rows WHERE profileable_type = ''User'''
      WHEN TG_OP = 'DELETE' THEN 'SELECT array_agg(DISTINCT profileable_id) FROM old_rows WHERE profileable_type = ''User'''
      WHEN kind = 'profiles' THEN
        'SELECT array_agg(DISTINCT x.id) FROM new_rows n JOIN old_rows o ON o.id = n.id,
           LATERAL (VALUES (n.profileable_type, n.profileable_id), (o.profileable_type, o.profileable_id)) x(type, id)
         WHERE x.type = ''User'' AND (n.profileable_type, n.profileable_id, n.full_name, n.contact_email, n.contact_phone)
           IS DISTINCT FROM (o.profileable_type, o.profileable_id, o.full_name, o.contact_email, o.contact_phone)'
      ELSE
        'SELECT array_agg(DISTINCT x.id) FROM new_rows n JOIN old_rows o ON o.id = n.id,
           LATERAL (VALUES (n.profileable_type, n.profileable_id), (o.profileable_type, o.profileable_id)) x(type, id)
         WHERE x.type = ''User'' AND (n.profileable_type, n.profileable_id, n.external_id) IS DISTINCT FROM (o.profileable_type, o.profileable_id, o.external_id)'
    END INTO uids;
    IF uids IS NULL THEN
      RETURN NULL;
    END IF;
    PERFORM 1 FROM users WHERE id = ANY (uids) ORDER BY id FOR NO KEY UPDATE;
    SELECT array_agg(DISTINCT policy_id) INTO pids FROM policy_users WHERE user_id = ANY (uids);
  END IF;
  IF uids IS NOT NULL THEN
    PERFORM user_search_refresh(uids);
  END IF;
  IF pids IS NOT NULL THEN
    PERFORM policy_search_refresh(pids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER policies_search_number BEFORE INSERT OR UPDATE OF number ON policies
  FOR EACH ROW EXECUTE FUNCTION policy_search_number();
--> statement-breakpoint
CREATE TRIGGER policies_search_customers AFTER UPDATE ON policies REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_touch('policies');
--> statement-breakpoint
CREATE TRIGGER users_search_new BEFORE INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION user_search_new();
--> statement-breakpoint
CREATE TRIGGER policy_users_search_ins AFTER INSERT ON policy_users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_touch('policy_users');
--> statement-breakpoint
CREATE TRIGGER policy_users_search_upd AFTER UPDATE ON policy_users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_touch('policy_users');
--> statement-breakpoint
CREATE TRIGGER policy_users_search_del AFTER DELETE ON policy_users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_touch('policy_users');
--> statement-breakpoint
CREATE TRIGGER policy_users_search_trunc AFTER TRUNCATE ON policy_users
  FOR EACH STATEMENT EXECUTE FUNCTION search_touch('policy_users');
--> statement-breakpoint
CREATE TRIGGER users_search_upd AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_touch('users');
--> statement-breakpoint
CREATE TRIGGER profiles_search_ins AFTER INSERT ON profiles REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_touch('profiles');
--> statement-breakpoint
CREATE TRIGGER profiles_search_upd AFTER UPDATE ON profiles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_touch('profiles');
--> statement-breakpoint
CREATE TRIGGER profiles_search_del AFTER DELETE ON profiles REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_touch('profiles');
--> statement-breakpoint
CREATE TRIGGER integration_profiles_search_ins AFTER INSERT ON integration_profiles REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_touch('integration_profiles');
--> statement-breakpoint
CREATE TRIGGER integration_profiles_search_upd AFTER UPDATE ON integration_profiles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_touch('integration_profiles');
--> statement-breakpoint
CREATE TRIGGER integration_profiles_search_del AFTER DELETE ON integration_profiles REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_touch('integration_profiles');
--> statement-breakpoint
-- The rows already there, in one pass each (the triggers above hold their tables until this commits); the indexes
-- are built after the text is written, which is far cheaper than updating them row by row.
DROP INDEX IF EXISTS policies_search_trgm_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS users_search_trgm_idx;
--> statement-breakpoint
UPDATE policies po SET search = d.doc
FROM (SELECT p2.id, concat_ws(E'\n', search_value('p', p2.number), c.doc) AS doc
      FROM policies p2 LEFT JOIN (
        SELECT pu.policy_id, string_agg(concat_ws(E'\n', search_value('n', p.full_name), search_value('e', u.email), search_value('c', p.contact_email), t.doc), E'\n' ORDER BY pu.id) AS doc
        FROM policy_users pu JOIN users u ON u.id = pu.user_id
        LEFT JOIN profiles p ON p.profileable_type = 'User' AND p.profileable_id = pu.user_id
        LEFT JOIN (SELECT profileable_id, string_agg(search_value('t', external_id), E'\n' ORDER BY id) AS doc
                   FROM integration_profiles WHERE profileable_type = 'User' GROUP BY profileable_id) t ON t.profileable_id = pu.user_id
        GROUP BY pu.policy_id) c ON c.policy_id = p2.id) d
WHERE po.id = d.id AND po.search IS DISTINCT FROM d.doc;
--> statement-breakpoint
UPDATE users u SET search = d.doc
FROM (SELECT u2.id, concat_ws(E'\n', search_value('e', u2.email),
        nullif(concat_ws(E'\n', search_value('n', p.full_name), search_value('c', p.contact_email), search_value('f', p.contact_phone)), ''), t.doc, pn.doc) AS doc
      FROM users u2
      LEFT JOIN profiles p ON p.profileable_type = 'User' AND p.profileable_id = u2.id
      LEFT JOIN (SELECT profileable_id, string_agg(search_value('t', external_id), E'\n' ORDER BY id) AS doc
                 FROM integration_profiles WHERE profileable_type = 'User' GROUP BY profileable_id) t ON t.profileable_id = u2.id
      LEFT JOIN (SELECT pu.user_id, string_agg(search_value('p', po.number), E'\n' ORDER BY pu.id) AS doc
                 FROM policy_users pu JOIN policies po ON po.id = pu.policy_id GROUP BY pu.user_id) pn ON pn.user_id = u2.id) d
WHERE u.id = d.id AND u.search IS DISTINCT FROM d.doc;
--> statement-breakpoint
CREATE INDEX "policies_search_trgm_idx" ON "policies" USING gin ("search" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ("search" gin_trgm_ops);
--> statement-breakpoint
-- A contains-search's share of rows is estimated from the column's histogram: a finer one tells a common surname
-- from a rare one, so the planner walks the page's order for the first and the trigram index for the second.
ALTER TABLE policies ALTER COLUMN search SET STATISTICS 1000;
--> statement-breakpoint
ALTER TABLE users ALTER COLUMN search SET STATISTICS 1000;
