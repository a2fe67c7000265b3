package app.salondesk.cli;

/** Input the command cannot use; its message is already in the user's words. */
final class CliInvalid extends Exception {
    CliInvalid(String message) {
        super(message, null, false, false);
    }
}
