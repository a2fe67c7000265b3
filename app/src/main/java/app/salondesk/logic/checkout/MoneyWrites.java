package app.salondesk.logic.checkout;

import app.salondesk.model.checkout.Answer;
import org.jooq.DSLContext;
import org.jooq.exception.DataAccessException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Optional;
import java.util.function.Function;

/**
 * One short transaction for a write around the checkout that is not a sale (a refund, a void, the
 * till, stock, a rate): it waits at most 5 s for a row another writer holds (a closing waiting for
 * the day's sales), and what the database refuses comes back as {@link Answer.Refused}.
 */
final class MoneyWrites {

    private static final Logger log = LoggerFactory.getLogger(MoneyWrites.class);

    private MoneyWrites() {
    }

    static <T> Answer<T> run(DSLContext dsl, Function<DSLContext, Answer<T>> work) {
        try {
            return dsl.transactionResult(cfg -> {
                DSLContext tx = cfg.dsl();
                tx.execute("SET LOCAL lock_timeout = '5s'");
                return work.apply(tx);
            });
        } catch (DataAccessException e) {
            var problem = Refusals.problem(e);
            if (problem.isEmpty()) {
                throw e;
            }
            log.info("the database refused a write ({} {}): {}", e.sqlState(), Refusals.constraint(e), e.getMessage());
            return Answer.refused(problem.get(), Optional.ofNullable(Refusals.constraint(e)).orElse(""));
        }
    }
}
