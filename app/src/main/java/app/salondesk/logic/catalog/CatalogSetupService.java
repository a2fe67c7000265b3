package app.salondesk.logic.catalog;

import app.salondesk.logic.salon.SalonRepository;
import app.salondesk.logic.salon.SetupResult;
import app.salondesk.logic.staff.MasterRepository;
import app.salondesk.model.catalog.Offer;
import app.salondesk.model.catalog.Phases;
import app.salondesk.model.catalog.ServiceDetails;
import app.salondesk.model.salon.SalonSettings;
import app.salondesk.model.salon.SetupRefusal;
import app.salondesk.model.staff.MasterDetails;

import java.math.BigDecimal;
import java.util.Currency;
import java.util.List;

/** The Services screen's road to the database for one salon, refusals as values. */
public final class CatalogSetupService implements CatalogSetup {

    private final ServiceRepository services;
    private final MasterRepository masters;
    private final SalonRepository salons;
    private final long tenantId;

    public CatalogSetupService(ServiceRepository services, MasterRepository masters, SalonRepository salons, long tenantId) {
        this.services = services;
        this.masters = masters;
        this.salons = salons;
        this.tenantId = tenantId;
    }

    @Override
    public List<ServiceDetails> services() {
        return services.findAll(tenantId);
    }

    @Override
    public List<MasterDetails> masters() {
        return masters.findAll(tenantId);
    }

    @Override
    public List<Offer> offers() {
        return services.offers(tenantId);
    }

    @Override
    public Currency currency() {
        return salons.settings(tenantId).map(SalonSettings::currency).orElse(Currency.getInstance("UAH"));
    }

    @Override
    public SetupResult<Long> add(String name, String category, int durationMin, BigDecimal price) {
        return SetupResult.attempt(() -> services.add(tenantId, name, category, durationMin, price));
    }

    @Override
    public SetupResult<Boolean> update(long serviceId, String name, String category, int durationMin, BigDecimal price) {
        return found(SetupResult.attempt(() -> services.update(tenantId, serviceId, name, category, durationMin, price)));
    }

    @Override
    public SetupResult<Boolean> setActive(long serviceId, boolean active) {
        return found(SetupResult.attempt(() -> services.setActive(tenantId, serviceId, active)));
    }

    @Override
    public java.util.Map<Long, ServiceRepository.Shape> shapes() {
        return services.shapes(tenantId);
    }

    @Override
    public SetupResult<Long> add(String name, String category, int durationMin, BigDecimal price, Phases phases, int cleanupMin) {
        return SetupResult.attempt(() -> services.addShaped(tenantId, name, category, durationMin, price, phases, cleanupMin));
    }

    @Override
    public SetupResult<Boolean> update(long serviceId, String name, String category, int durationMin, BigDecimal price,
                                       Phases phases, int cleanupMin) {
        return found(SetupResult.attempt(() -> services.updateShaped(tenantId, serviceId, name, category, durationMin, price,
                phases, cleanupMin)));
    }

    @Override
    public ServiceRepository.Shape ownShape(long masterId, long serviceId) {
        return services.ownShape(tenantId, masterId, serviceId);
    }

    @Override
    public SetupResult<Boolean> setOwnShape(long masterId, long serviceId, Phases phases, Integer cleanupMin) {
        return found(SetupResult.attempt(() -> services.setOwnShape(tenantId, masterId, serviceId, phases, cleanupMin)));
    }

    @Override
    public SetupResult<Boolean> useServicePhases(long masterId, long serviceId, Integer cleanupMin) {
        return found(SetupResult.attempt(() -> services.useServicePhases(tenantId, masterId, serviceId, null, cleanupMin)));
    }

    @Override
    public SetupResult<Boolean> saveOffers(List<Offer> offered, List<Offer> withdrawn) {
        return SetupResult.attempt(() -> {
            services.saveOffers(tenantId, offered, withdrawn);
            return true;
        });
    }

    private static SetupResult<Boolean> found(SetupResult<Boolean> result) {
        return result.fold(ok -> ok ? result : new SetupResult.Refused<>(SetupRefusal.GONE), refused -> result);
    }
}
