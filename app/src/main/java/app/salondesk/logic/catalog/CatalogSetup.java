package app.salondesk.logic.catalog;

import app.salondesk.logic.salon.SetupResult;
import app.salondesk.model.catalog.Offer;
import app.salondesk.model.catalog.Phases;
import app.salondesk.model.catalog.ServiceDetails;
import app.salondesk.model.staff.MasterDetails;

import java.math.BigDecimal;
import java.util.Currency;
import java.util.List;

/** What the Services screen, and who-does-what on both setup screens, ask of the database. */
public interface CatalogSetup {

    List<ServiceDetails> services();

    List<MasterDetails> masters();

    List<Offer> offers();

    /** The salon's currency: prices are written in it. */
    Currency currency();

    SetupResult<Long> add(String name, String category, int durationMin, BigDecimal price);

    SetupResult<Boolean> update(long serviceId, String name, String category, int durationMin, BigDecimal price);

    SetupResult<Boolean> setActive(long serviceId, boolean active);

    /** Each service's phases and cleanup (issue 31). */
    java.util.Map<Long, ServiceRepository.Shape> shapes();

    /** A service with its phases (one busy phase: none) and cleanup, or none of it. */
    SetupResult<Long> add(String name, String category, int durationMin, BigDecimal price, Phases phases, int cleanupMin);

    /** A service's fields and its phases and cleanup, together. */
    SetupResult<Boolean> update(long serviceId, String name, String category, int durationMin, BigDecimal price,
                                Phases phases, int cleanupMin);

    /** A master's own phases (null: none of her own) and cleanup (-1: none of her own) of a service she does. */
    ServiceRepository.Shape ownShape(long masterId, long serviceId);

    /** Her own phases (null: leave them) and cleanup (null: the service's), as {@code masters services --phases --cleanup}. */
    SetupResult<Boolean> setOwnShape(long masterId, long serviceId, Phases phases, Integer cleanupMin);

    /**
     * Her phases the service's again, her own dropped, and her length the service's (issue 31); her
     * cleanup {@code cleanupMin} (null: the service's), as {@code masters services --phases service}.
     */
    SetupResult<Boolean> useServicePhases(long masterId, long serviceId, Integer cleanupMin);

    /** These offers made or changed, those withdrawn, together. */
    SetupResult<Boolean> saveOffers(List<Offer> offered, List<Offer> withdrawn);
}
