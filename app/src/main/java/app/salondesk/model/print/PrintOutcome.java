package app.salondesk.model.print;

import java.nio.file.Path;

/** What became of a day sheet sent to the printer or saved as a PDF. */
public sealed interface PrintOutcome {

    record Printed(int pages) implements PrintOutcome {
    }

    record Saved(Path file, int pages) implements PrintOutcome {
    }

    /** This computer has no printer: the sheet can be saved as a PDF instead. */
    record NoPrinter() implements PrintOutcome {
    }

    /** The person closed the printer's dialog: nothing was printed, nothing to say. */
    record Cancelled() implements PrintOutcome {
    }

    record Failed(Throwable cause) implements PrintOutcome {
    }
}
