package app.salondesk.gui.shell;

import app.salondesk.gui.calendar.DayScheduleViewModel;
import app.salondesk.gui.calendar.ResourceDayViewModel;
import app.salondesk.i18n.Messages;
import javafx.scene.Node;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.BorderPane;

import java.util.List;

/**
 * ☰ → Columns: masters / rooms and equipment (issue 18): two radio items after *New visit* that
 * put the masters' columns or the rooms' in the window's centre, one day for the rooms; the
 * controls that choose masters' columns (the week, the master filter, cancelled bookings, which
 * hold no room) rest while the rooms are shown.
 */
final class ColumnsChoice {

    private ColumnsChoice() {
    }

    static void offer(ResourceDayViewModel resources, DayScheduleViewModel masters, Messages messages, BorderPane center,
                      Node mastersColumns, Node resourceColumns, MenuButton more, List<? extends Node> mastersOnly) {
        ToggleGroup columns = new ToggleGroup();
        RadioMenuItem byMaster = new RadioMenuItem(messages.get("toolbar.columnsMasters"));
        byMaster.setId("columns-masters");
        RadioMenuItem byResource = new RadioMenuItem(messages.get("toolbar.columnsResources"));
        byResource.setId("columns-resources");
        byMaster.setToggleGroup(columns);
        byResource.setToggleGroup(columns);
        byMaster.setSelected(!resources.shownProperty().get());
        byResource.setSelected(resources.shownProperty().get());
        columns.selectedToggleProperty().addListener((obs, old, now) -> {
            if (now == null) {
                old.setSelected(true);   // one of the two is always chosen
                return;
            }
            if (now == byResource) {
                masters.showDay();   // one day: the rooms' columns are the day's
            }
            resources.shownProperty().set(now == byResource);
        });
        resources.shownProperty().addListener((obs, old, now) -> {
            center.setCenter(now ? resourceColumns : mastersColumns);
            (now ? byResource : byMaster).setSelected(true);
        });
        for (Node n : mastersOnly) {
            n.disableProperty().bind(resources.shownProperty());
        }
        MenuItem visit = more.getItems().stream().filter(i -> "new-visit".equals(i.getId())).findFirst().orElse(null);
        int at = more.getItems().indexOf(visit) + 1;
        more.getItems().addAll(at, List.of(new SeparatorMenuItem(), byMaster, byResource, new SeparatorMenuItem()));
    }
}
