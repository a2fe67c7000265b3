package app.salondesk.gui.print;

import app.salondesk.model.print.DaySheet;
import app.salondesk.model.print.PrintOutcome;

import java.nio.file.Path;
import java.util.function.Consumer;

/** Where a day sheet goes: the printer, or a PDF file. The desk's is {@link SheetPrinter}. */
public interface SheetOutput {

    /** Sends the sheet to a printer the person picks; {@link PrintOutcome.NoPrinter} where there is none. */
    void print(DaySheet sheet, Consumer<PrintOutcome> done);

    /** Writes the sheet as a PDF, A4, to the file. */
    void savePdf(DaySheet sheet, Path file, Consumer<PrintOutcome> done);
}
