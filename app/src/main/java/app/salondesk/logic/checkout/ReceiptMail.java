package app.salondesk.logic.checkout;

import app.salondesk.model.checkout.Receipt;

/**
 * Sending a receipt to the client by e-mail (issue 34, item 4): the seam the messages' mail plugs into
 * once it lands (issue 33: the outbox, its senders, its SMTP settings, read by the sending process
 * only). Until then {@link #NOT_SET_UP} answers that mail is not set up, and the desk offers to print
 * or save the receipt instead. An implementation plans the message in the outbox (with the receipt's
 * PDF) in a transaction of its own after the sale's COMMIT; it never sends while a lock is held.
 */
public interface ReceiptMail {

    /** Whether receipts can be mailed from this salon now (mail set up, the client has an address). */
    boolean available(long tenantId, Long clientId);

    /** Plans the receipt's e-mail to the client; false when it cannot (then nothing was planned). */
    boolean send(Receipt receipt, Long clientId, byte[] pdf);

    ReceiptMail NOT_SET_UP = new ReceiptMail() {
        @Override
        public boolean available(long tenantId, Long clientId) {
            return false;
        }

        @Override
        public boolean send(Receipt receipt, Long clientId, byte[] pdf) {
            return false;
        }
    };
}
