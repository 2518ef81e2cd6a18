-- The database holds document orders to the status machine of the contracts (single-window/order.ts) whatever writes
-- to it: waiting -> preparing | canceled, preparing -> prepared | canceled; nothing leaves prepared or canceled, and an
-- order starts out waiting.
CREATE FUNCTION document_order_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.status <> 'waiting' THEN
      RAISE EXCEPTION 'a document order starts out waiting, not %', NEW.status USING ERRCODE = 'check_violation';
    END IF;
  ELSIF NEW.status IS DISTINCT FROM OLD.status AND NOT (
    (OLD.status = 'waiting' AND NEW.status IN ('preparing', 'canceled')) OR
    (OLD.status = 'preparing' AND NEW.status IN ('prepared', 'canceled'))
  ) THEN
    RAISE EXCEPTION 'document order % cannot go from % to %', OLD.id, OLD.status, NEW.status USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER document_order_transition BEFORE INSERT OR UPDATE OF status ON document_orders
  FOR EACH ROW EXECUTE FUNCTION document_order_transition();
