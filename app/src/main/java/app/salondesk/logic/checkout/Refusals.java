package app.salondesk.logic.checkout;

import app.salondesk.model.checkout.CheckoutProblem;
import org.jooq.exception.DataAccessException;
import org.postgresql.util.PSQLException;

import java.util.Optional;

/**
 * What the database's refusals of migration 35 mean, said once: by SQLSTATE and the constraint the
 * refusal names (its checks and triggers name one with {@code USING CONSTRAINT}). Anything else —
 * a lost connection, a bug — is not a refusal and is not turned into one.
 */
final class Refusals {

    private Refusals() {
    }

    static Optional<CheckoutProblem> problem(DataAccessException e) {
        String state = String.valueOf(e.sqlState());
        String constraint = String.valueOf(constraint(e));
        CheckoutProblem p = switch (state) {
            case "42501" -> CheckoutProblem.NO_PERMISSION;
            case "55P03" -> CheckoutProblem.BUSY;
            case "53100" -> CheckoutProblem.DISK_FULL;
            case "55000" -> switch (constraint) {
                case "till_day_closed" -> CheckoutProblem.DAY_CLOSED;
                case "booking_paid", "booking_not_payable" -> CheckoutProblem.CHANGED;
                default -> CheckoutProblem.SALE_STATE;
            };
            case "23514" -> switch (constraint) {
                case "products_stock_not_negative" -> CheckoutProblem.OUT_OF_STOCK;
                case "sale_refunds_within_total", "sale_refunds_within_lines", "sales_cash_step" -> CheckoutProblem.AMOUNT;
                case "till_closings_reason" -> CheckoutProblem.REASON;
                case "sale_lines_booking_of_the_client" -> CheckoutProblem.UNKNOWN_BOOKING;
                case "sale_lines_price_reason" -> CheckoutProblem.PRICE_REASON;
                default -> CheckoutProblem.BAD_VALUE;
            };
            case "23505" -> switch (constraint) {
                case "sale_bookings_pkey" -> CheckoutProblem.ALREADY_PAID;
                case "till_moves_one_float" -> CheckoutProblem.TILL_OPEN;
                case "till_closings_pkey" -> CheckoutProblem.DAY_CLOSED;
                case "sale_voids_pkey" -> CheckoutProblem.SALE_STATE;
                default -> CheckoutProblem.DUPLICATE;
            };
            case "23503" -> CheckoutProblem.BAD_VALUE;
            default -> state.startsWith("22") ? CheckoutProblem.BAD_VALUE : null;
        };
        return Optional.ofNullable(p);
    }

    /** The constraint the server named, or null. */
    static String constraint(DataAccessException e) {
        PSQLException p = e.getCause(PSQLException.class);
        return p == null || p.getServerErrorMessage() == null ? null : p.getServerErrorMessage().getConstraint();
    }
}
