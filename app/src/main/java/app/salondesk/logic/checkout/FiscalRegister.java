package app.salondesk.logic.checkout;

import app.salondesk.model.checkout.Receipt;

/**
 * Where a fiscal receipt would be registered — in Ukraine a software cash register (ПРРО) such as
 * Checkbox's API: a receipt sent, a fiscal number back (ADR 34, "Fiscal receipts"). Not built: no test
 * machine can reach one. An implementation is called after the sale's COMMIT, never inside its
 * transaction or under the masters' locks, and reads its credentials itself (never from a table a
 * staff login reads); a sale the register did not answer for is the salon's sale all the same, and is
 * registered again later.
 */
public interface FiscalRegister {

    /** What the register said: a fiscal number, or why not (unreachable, refused, not set up). */
    record Answer(String fiscalNumber, String notRegistered) {
        public boolean registered() {
            return fiscalNumber != null;
        }
    }

    /** Registers a sale's receipt. */
    Answer register(Receipt receipt);

    /** Registers a refund of a sale registered before. */
    Answer registerRefund(Receipt receipt, Receipt.Refund refund);

    /** No fiscal register: every salon's receipts until one is plugged in. */
    FiscalRegister NONE = new FiscalRegister() {
        @Override
        public Answer register(Receipt receipt) {
            return new Answer(null, "no fiscal register is set up");
        }

        @Override
        public Answer registerRefund(Receipt receipt, Receipt.Refund refund) {
            return new Answer(null, "no fiscal register is set up");
        }
    };
}
