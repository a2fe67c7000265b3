-- An admin may book outside a master's working hours or into time off on purpose (an early
-- bride, a favour). The booking engine refuses that unless told to, and says so here, so the
-- override is visible on the booking and recorded in its history by the audit trigger.
ALTER TABLE bookings ADD COLUMN outside_hours boolean NOT NULL DEFAULT false;
