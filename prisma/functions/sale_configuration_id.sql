-- Part of the sale (docs/ARCHITECTURE.md, "The sale"); applied by lib/db/migrate.ts applyFunctions.
-- A number configuration's id: `num_` and 16 lower-case base32 characters, random (as
-- lib/ids.ts newConfigurationId writes them). The bytes come from two random UUIDs,
-- leaving out the version and variant bytes (6 and 8), which are not random.
CREATE OR REPLACE FUNCTION sale_configuration_id() RETURNS TEXT LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RETURN (
  SELECT 'num_' || string_agg(substr('abcdefghijklmnopqrstuvwxyz234567', (get_byte(b.bytes, i) & 31) + 1, 1), '' ORDER BY i)
    FROM (SELECT decode(replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''), 'hex') AS bytes) b,
         unnest(ARRAY[0, 1, 2, 3, 4, 5, 7, 9, 10, 11, 12, 13, 14, 15, 16, 17]) AS i);
END
$$;
