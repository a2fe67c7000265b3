package app.salondesk.gui.shell;

import app.salondesk.i18n.Messages;
import app.salondesk.logic.live.LiveUpdates;
import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.beans.property.BooleanProperty;
import javafx.scene.control.Label;
import javafx.util.Duration;

/**
 * What the desk shows of its live updates, and what it does to make up for changes nobody
 * announced: the status bar's word ("● live", "● offline", "● not live…"), the red banner while
 * offline, whether editing waits, and the reloads — once when the desk is live again after an
 * outage (or after its first start), and every {@link #LAGGING_RELOAD} while the server announces
 * no change at all (its notification queue is half full, migration 24; ADR 8). FrontDesk wires it
 * to its {@link LiveUpdates}; it runs on the FX thread only.
 */
final class LiveStatus {

    /** While the server announces no change ({@link LiveUpdates.State#LAGGING}): the shown days reloaded this often. */
    static final Duration LAGGING_RELOAD = Duration.seconds(10);

    private final MainWindow window;
    private final Messages messages;
    private final BooleanProperty editable;
    private final boolean mayEdit;
    private final Runnable reloadShown;
    private final Label offline = new Label();
    private final Timeline lagging;
    /**
     * Whether changes may have gone unannounced: while offline or lagging, and before the first
     * LISTEN — a change made between the first load and the listener's start was never shown
     * (issue 16), so the first "online" reloads too.
     */
    private boolean unannounced = true;

    /**
     * @param editable    the schedule's editability, false while offline
     * @param mayEdit     whether this desk's role may edit bookings at all
     * @param reloadShown reads again every day and column the desk shows
     */
    LiveStatus(MainWindow window, Messages messages, BooleanProperty editable, boolean mayEdit, Runnable reloadShown) {
        this.window = window;
        this.messages = messages;
        this.editable = editable;
        this.mayEdit = mayEdit;
        this.reloadShown = reloadShown;
        this.lagging = new Timeline(new KeyFrame(LAGGING_RELOAD, e -> reloadShown.run()));
        lagging.setCycleCount(Animation.INDEFINITE);
        offline.setId("offline-banner");
        offline.getStyleClass().add("offline-banner");
        offline.setText(messages.get("live.offline"));
        offline.setMaxWidth(Double.MAX_VALUE);
        offline.setVisible(false);
        offline.managedProperty().bind(offline.visibleProperty());
        window.banners().getChildren().add(0, offline);
    }

    void show(LiveUpdates.State state) {
        if (state != LiveUpdates.State.LAGGING) {
            lagging.stop();
        }
        switch (state) {
            case LAGGING -> {
                // connected, but the server announces no change now: saving goes on, and what
                // others change shows by reloading
                window.setConnectionState(messages.get("status.lagging"), false);
                offline.setVisible(false);
                editable.set(mayEdit);
                unannounced = true;
                if (lagging.getStatus() != Animation.Status.RUNNING) {
                    reloadShown.run();
                    lagging.play();
                }
            }
            case OFFLINE -> {
                window.setConnectionState(messages.get("status.offline"), false);
                unannounced = true;
                offline.setVisible(true);
                editable.set(false);
            }
            case ONLINE -> {
                window.setConnectionState(messages.get("status.online"), true);
                offline.setVisible(false);
                editable.set(mayEdit);
                if (unannounced) {
                    unannounced = false;
                    reloadShown.run();   // whatever changed meanwhile was not announced to us
                }
            }
            case THROUGH_POOLER -> {
                // the route reaches PostgreSQL through a pooler, where a LISTEN hears nothing (ADR 23):
                // "live" would be a lie. Saving goes on: the engine's locks and constraint hold there too
                window.setConnectionState(messages.get("status.notLive"), false);
                Label notLive = new Label(messages.get("live.throughPooler"));
                notLive.setId("not-live-banner");
                notLive.getStyleClass().add("owner-banner");
                notLive.setMaxWidth(Double.MAX_VALUE);
                notLive.setWrapText(true);
                window.banners().getChildren().add(0, notLive);
            }
            case CONNECTING -> {
                // nothing to say yet: the status bar keeps what the window opened with
            }
        }
    }

    /** Stops the reloads (the desk closes). */
    void stop() {
        lagging.stop();
    }
}
