-- Issue 13: the staff's row-level security asks who the login is once per statement, not once per row.
--
-- Every own_salon policy read `tenant_id = salondesk_current_tenant()`. The function is a
-- SECURITY DEFINER SQL function (a query of the staff table), which PostgreSQL can neither inline
-- nor fold: it ran once for every row a policy looked at, on every table, for every login. The
-- online login pays it too (its rows pass by its own policies, but the own_salon one is asked
-- first and answers null), so a page's free-time search spent more time asking "which salon is
-- this?" than searching: 2.9 ms under row-level security against 0.4 ms as the owner.
-- Written as a scalar subquery the call becomes an InitPlan: evaluated once per statement, its
-- value compared as a parameter (an index condition where the column has one). The answer is the
-- same function's, so what each login may see or write does not change; the attack tests of
-- migrations 5, 7, 8, 11, 13 and 14 say so again, and PoliciesAskTheTenantOnceTest keeps every
-- later policy to this form.

ALTER POLICY own_salon ON bookings USING (tenant_id = (SELECT salondesk_current_tenant()))
    WITH CHECK (tenant_id = (SELECT salondesk_current_tenant()));
ALTER POLICY own_salon ON clients USING (tenant_id = (SELECT salondesk_current_tenant()))
    WITH CHECK (tenant_id = (SELECT salondesk_current_tenant()));
ALTER POLICY own_salon ON master_day_hours USING (tenant_id = (SELECT salondesk_current_tenant()))
    WITH CHECK (tenant_id = (SELECT salondesk_current_tenant()));
ALTER POLICY own_salon ON master_days USING (tenant_id = (SELECT salondesk_current_tenant()))
    WITH CHECK (tenant_id = (SELECT salondesk_current_tenant()));
ALTER POLICY own_salon ON master_services USING (tenant_id = (SELECT salondesk_current_tenant()))
    WITH CHECK (tenant_id = (SELECT salondesk_current_tenant()));
ALTER POLICY own_salon ON master_time_off USING (tenant_id = (SELECT salondesk_current_tenant()))
    WITH CHECK (tenant_id = (SELECT salondesk_current_tenant()));
ALTER POLICY own_salon ON master_weeks USING (tenant_id = (SELECT salondesk_current_tenant()))
    WITH CHECK (tenant_id = (SELECT salondesk_current_tenant()));
ALTER POLICY own_salon ON master_working_hours USING (tenant_id = (SELECT salondesk_current_tenant()))
    WITH CHECK (tenant_id = (SELECT salondesk_current_tenant()));
ALTER POLICY own_salon ON masters USING (tenant_id = (SELECT salondesk_current_tenant()))
    WITH CHECK (tenant_id = (SELECT salondesk_current_tenant()));
ALTER POLICY own_salon ON online_settings USING (tenant_id = (SELECT salondesk_current_tenant()))
    WITH CHECK (tenant_id = (SELECT salondesk_current_tenant()));
ALTER POLICY own_salon ON services USING (tenant_id = (SELECT salondesk_current_tenant()))
    WITH CHECK (tenant_id = (SELECT salondesk_current_tenant()));
ALTER POLICY own_salon ON staff USING (tenant_id = (SELECT salondesk_current_tenant()))
    WITH CHECK (tenant_id = (SELECT salondesk_current_tenant()));
ALTER POLICY own_salon ON waitlist_entries USING (tenant_id = (SELECT salondesk_current_tenant()))
    WITH CHECK (tenant_id = (SELECT salondesk_current_tenant()));
ALTER POLICY own_salon ON waitlist_settings USING (tenant_id = (SELECT salondesk_current_tenant()))
    WITH CHECK (tenant_id = (SELECT salondesk_current_tenant()));
ALTER POLICY own_salon ON tenants USING (id = (SELECT salondesk_current_tenant()))
    WITH CHECK (id = (SELECT salondesk_current_tenant()));
ALTER POLICY own_salon ON online_bookings USING (tenant_id = (SELECT salondesk_current_tenant()));
ALTER POLICY own_salon ON salon_keys USING (tenant_id = (SELECT salondesk_current_tenant()));
ALTER POLICY own_salon_read ON booking_history USING (tenant_id = (SELECT salondesk_current_tenant()));
ALTER POLICY own_salon ON forgotten_clients USING (tenant_id = (SELECT salondesk_current_tenant()));
