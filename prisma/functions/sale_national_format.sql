-- Part of the sale (docs/ARCHITECTURE.md, "The sale"); applied by lib/db/migrate.ts applyFunctions.
-- A national significant number as people in the country write it, by the country's formats
-- as libphonenumber chooses and applies them (lib/orders/national-format.ts passes them:
-- leading digits, pattern, replacement with \1 groups); the digits themselves when none fits.
CREATE OR REPLACE FUNCTION sale_national_format(digits TEXT, formats JSONB) RETURNS TEXT LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN (
  SELECT COALESCE((
    SELECT regexp_replace(digits, '^(?:' || (f.format->>'pattern') || ')$', f.format->>'replacement')
      FROM jsonb_array_elements(COALESCE(formats, '[]'::jsonb)) WITH ORDINALITY AS f(format, position)
     WHERE (f.format->>'leading' IS NULL OR digits ~ ('^(?:' || (f.format->>'leading') || ')'))
       AND digits ~ ('^(?:' || (f.format->>'pattern') || ')$')
     ORDER BY f.position
     LIMIT 1), digits));
END
$$;
