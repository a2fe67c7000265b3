package app.salondesk.logic.desk;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.logic.booking.BookingExportRepository;
import app.salondesk.logic.booking.BookingHistoryRepository;
import app.salondesk.logic.booking.ClientVisitsRepository;
import app.salondesk.logic.booking.OnlineMatchRepository;
import app.salondesk.logic.booking.ResourceHoldsRepository;
import app.salondesk.logic.booking.RuleBookBatch;
import app.salondesk.logic.booking.ScheduleRepository;
import app.salondesk.logic.booking.UtilisationRepository;
import app.salondesk.logic.catalog.ResourceRepository;
import app.salondesk.logic.catalog.ServiceRepository;
import app.salondesk.logic.clients.ClientDataRepository;
import app.salondesk.logic.clients.ClientRepository;
import app.salondesk.logic.demo.DemoSalon;
import app.salondesk.logic.live.LiveUpdates;
import app.salondesk.logic.online.OnlineSettingsRepository;
import app.salondesk.logic.salon.SalonRepository;
import app.salondesk.logic.setup.SalonSettingsService;
import app.salondesk.logic.setup.SalonSetup;
import app.salondesk.logic.staff.MasterRepository;
import app.salondesk.logic.staff.StaffRepository;
import app.salondesk.logic.waitlist.WaitlistRepository;
import app.salondesk.logic.waitlist.WaitlistWorker;
import app.salondesk.runtime.Backend;
import org.jooq.DSLContext;
import org.jooq.impl.DataSourceConnectionProvider;

import java.time.Clock;

/**
 * The logic one desk asks for, made from its one database connection: the engine, the
 * repositories and the services the desk's composition root ({@code gui.shell.FrontDesk})
 * hands to its screens. It exists so that the gui never holds jOOQ — not even the
 * {@link DSLContext} it would pass on (issue 32): the shell asks this class, and this class
 * alone turns the connection into repositories.
 *
 * <p>The repositories are plain objects around the connection; those the desk shares between
 * its screens are made once here, the rest when asked.
 */
public final class DeskLogic {

    private final DSLContext dsl;
    private final BookingEngine engine;
    private final MasterRepository masters;
    private final ServiceRepository services;
    private final ResourceRepository resources;
    private final ScheduleRepository schedules;
    private final StaffRepository staff;
    private final SalonRepository salons;

    /** The logic of the desk signed in through this backend. */
    public DeskLogic(Backend backend) {
        this(backend.dsl());
    }

    /** The logic over a connection made elsewhere (tests, tools). */
    public DeskLogic(DSLContext dsl) {
        this.dsl = dsl;
        this.engine = new BookingEngine(dsl);
        this.masters = new MasterRepository(dsl);
        this.services = new ServiceRepository(dsl);
        this.resources = new ResourceRepository(dsl);
        this.schedules = new ScheduleRepository(dsl);
        this.staff = new StaffRepository(dsl);
        this.salons = new SalonRepository(dsl);
    }

    public BookingEngine engine() {
        return engine;
    }

    public MasterRepository masters() {
        return masters;
    }

    public ServiceRepository services() {
        return services;
    }

    public ResourceRepository resources() {
        return resources;
    }

    public ScheduleRepository schedules() {
        return schedules;
    }

    public StaffRepository staff() {
        return staff;
    }

    public SalonRepository salons() {
        return salons;
    }

    public RuleBookBatch ruleBook() {
        return new RuleBookBatch(dsl);
    }

    public ResourceHoldsRepository resourceHolds() {
        return new ResourceHoldsRepository(dsl);
    }

    public UtilisationRepository utilisation() {
        return new UtilisationRepository(dsl);
    }

    public BookingExportRepository exports() {
        return new BookingExportRepository(dsl);
    }

    public BookingHistoryRepository history() {
        return new BookingHistoryRepository(dsl);
    }

    public ClientRepository clients() {
        return new ClientRepository(dsl);
    }

    public ClientVisitsRepository clientVisits() {
        return new ClientVisitsRepository(dsl);
    }

    /** The client's record (issue 36): notes and alerts, patch tests, photos, consents, card fields. */
    public app.salondesk.logic.clients.ClientRecordRepository clientRecord() {
        return new app.salondesk.logic.clients.ClientRecordRepository(dsl);
    }

    /** The colour formulas of visits and "copy last formula" (issue 36). */
    public app.salondesk.logic.booking.VisitRecords visitRecords() {
        return new app.salondesk.logic.booking.VisitRecords(dsl);
    }

    /** Merging a duplicate client (issue 36, an admin's). */
    public app.salondesk.logic.clients.ClientMerges clientMerges() {
        return new app.salondesk.logic.clients.ClientMerges(dsl);
    }

    /** A client's alerts where she is booked (issue 36). */
    public app.salondesk.logic.booking.ClientAlerts clientAlerts() {
        return new app.salondesk.logic.booking.ClientAlerts(dsl);
    }

    /** An admin's corrections of a client's record (issue 36). */
    public app.salondesk.logic.clients.RecordCorrections recordCorrections() {
        return new app.salondesk.logic.clients.RecordCorrections(dsl);
    }

    /** The salon's consent forms as an admin writes them (issue 36). */
    public app.salondesk.logic.clients.ConsentForms consentForms() {
        return new app.salondesk.logic.clients.ConsentForms(dsl);
    }

    /** The client list, searched and filtered (issue 36). */
    public app.salondesk.logic.booking.ClientListRepository clientList() {
        return new app.salondesk.logic.booking.ClientListRepository(dsl);
    }

    public ClientDataRepository clientData() {
        return new ClientDataRepository(dsl);
    }

    public OnlineMatchRepository onlineMatches(long salonId) {
        return new OnlineMatchRepository(dsl, salonId);
    }

    public OnlineSettingsRepository onlineSettings() {
        return new OnlineSettingsRepository(dsl);
    }

    public WaitlistRepository waitlist() {
        return new WaitlistRepository(dsl);
    }

    public SalonSettingsService salonSettings() {
        return new SalonSettingsService(dsl);
    }

    public SalonSetup salonSetup() {
        return new SalonSetup(dsl);
    }

    /** The checkout window's questions and its sale (issue 34). */
    public app.salondesk.logic.checkout.CheckoutDesk checkout() {
        return new app.salondesk.logic.checkout.CheckoutDesk(dsl, engine);
    }

    public app.salondesk.logic.checkout.SaleRepository sales() {
        return new app.salondesk.logic.checkout.SaleRepository(dsl);
    }

    public app.salondesk.logic.checkout.TillRepository till() {
        return new app.salondesk.logic.checkout.TillRepository(dsl);
    }

    public app.salondesk.logic.checkout.TakingsRepository takings() {
        return new app.salondesk.logic.checkout.TakingsRepository(dsl);
    }

    public app.salondesk.logic.checkout.ProductRepository products() {
        return new app.salondesk.logic.checkout.ProductRepository(dsl);
    }

    public app.salondesk.logic.reports.ReportsRepository reports() {
        return new app.salondesk.logic.reports.ReportsRepository(dsl);
    }

    public app.salondesk.logic.checkout.CommissionRepository commissions() {
        return new app.salondesk.logic.checkout.CommissionRepository(dsl);
    }

    public DemoSalon demo(Clock clock, Messages words) {
        return new DemoSalon(dsl, clock, words);
    }

    /**
     * The desk's live updates by the route its administrator chose ({@code liveUrl}; ADR 23): the
     * few questions the live relay's route asks of the database go through this desk's pool.
     */
    public LiveUpdates liveUpdates(ConnectionSettings settings, long salonId, String liveUrl) {
        javax.sql.DataSource pool = dsl.configuration().connectionProvider() instanceof DataSourceConnectionProvider p
                ? p.dataSource() : null;
        return LiveUpdates.forDesk(settings, pool, salonId, liveUrl);
    }

    /** The salon's messages to its clients (issue 33). */
    public app.salondesk.logic.messages.MessagesRepository messages() {
        return new app.salondesk.logic.messages.MessagesRepository(dsl);
    }

    /** The message sender of the embedded desk (ADR 33: any number of senders may run). */
    public app.salondesk.logic.messages.MessageSenderWorker startMessageSender(String baseUrl, String name) {
        return app.salondesk.logic.messages.MessageSenders.start(dsl, baseUrl, name);
    }

    /** The waitlist worker of the embedded desk, the salon's only program (ADR 13). */
    public WaitlistWorker startWaitlistWorker(ConnectionSettings listenAs, long salonId) {
        return WaitlistWorker.start(dsl, listenAs, salonId);
    }
}
